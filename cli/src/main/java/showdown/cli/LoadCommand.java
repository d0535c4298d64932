package showdown.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Placeholder until its implementation lands. */
@Command(name = "load", mixinStandardHelpOptions = true, description = "Generates HTTP load, wrk style.")
final class LoadCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        throw new UserException("'load' is not implemented yet");
    }
}
