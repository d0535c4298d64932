package showdown.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code showdown} command: it only wires the modules together. */
@Command(name = "showdown",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Benchmarks HTTP web frameworks: load, verify, run, report, compare.",
        subcommands = {
                LoadCommand.class,
                VerifyCommand.class,
                ServeCommand.class,
                DoctorCommand.class,
                RunCommand.class,
                ReportCommand.class,
                CompareCommand.class,
                CommandLine.HelpCommand.class
        })
public final class Main implements Runnable {

    /** Exit code for a problem the user caused: a bad flag, a bad URL, a missing file. */
    public static final int EXIT_USAGE = 2;

    @Override
    public void run() {
        CommandLine.usage(this, System.out);
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns its exit code; tests call this instead of main. */
    public static int execute(String... args) {
        CommandLine cmd = new CommandLine(new Main());
        cmd.setExecutionExceptionHandler(new UserErrorHandler());
        cmd.setParameterExceptionHandler(new UserErrorHandler());
        return cmd.execute(args);
    }
}
