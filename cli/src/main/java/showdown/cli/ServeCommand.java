package showdown.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Placeholder until its implementation lands. */
@Command(name = "serve", mixinStandardHelpOptions = true, description = "Starts one target in the foreground.")
final class ServeCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        throw new UserException("'serve' is not implemented yet");
    }
}
