package showdown.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Placeholder until its implementation lands. */
@Command(name = "report", mixinStandardHelpOptions = true, description = "Regenerates the reports of a results folder.")
final class ReportCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        throw new UserException("'report' is not implemented yet");
    }
}
