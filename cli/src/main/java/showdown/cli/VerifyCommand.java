package showdown.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Placeholder until its implementation lands. */
@Command(name = "verify", mixinStandardHelpOptions = true, description = "Checks each target against the scenario contract.")
final class VerifyCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        throw new UserException("'verify' is not implemented yet");
    }
}
