package showdown.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Placeholder until its implementation lands. */
@Command(name = "run", mixinStandardHelpOptions = true, description = "Runs the benchmark suite and writes the reports.")
final class RunCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        throw new UserException("'run' is not implemented yet");
    }
}
