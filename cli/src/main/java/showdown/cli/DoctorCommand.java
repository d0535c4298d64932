package showdown.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Placeholder until its implementation lands. */
@Command(name = "doctor", mixinStandardHelpOptions = true, description = "Lists every target with its status.")
final class DoctorCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        throw new UserException("'doctor' is not implemented yet");
    }
}
