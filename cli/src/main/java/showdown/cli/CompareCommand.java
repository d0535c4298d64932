package showdown.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Placeholder until its implementation lands. */
@Command(name = "compare", mixinStandardHelpOptions = true, description = "Compares two results folders.")
final class CompareCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        throw new UserException("'compare' is not implemented yet");
    }
}
