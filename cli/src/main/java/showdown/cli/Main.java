package showdown.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code showdown} command: it only wires the modules together. */
@Command(name = "showdown",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Benchmarks HTTP web frameworks: load, verify, run, report, compare.")
public final class Main implements Runnable {

    /** The subcommands, in the order --help lists them. */
    private static final Map<String, Supplier<Object>> COMMANDS = new LinkedHashMap<>();

    static {
        COMMANDS.put("load", LoadCommand::new);
        COMMANDS.put("verify", VerifyCommand::new);
        COMMANDS.put("serve", ServeCommand::new);
        COMMANDS.put("doctor", DoctorCommand::new);
        COMMANDS.put("run", RunCommand::new);
        COMMANDS.put("report", ReportCommand::new);
        COMMANDS.put("compare", CompareCommand::new);
        COMMANDS.put("help", CommandLine.HelpCommand::new);
        COMMANDS.put("train-archive", TrainArchiveCommand::new); // hidden: for the launcher
    }

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
        return commandLine(args).execute(args);
    }

    /** The command line that will run {@code args}, with the one-line handling of user errors. */
    static CommandLine commandLine(String... args) {
        CommandLine cmd = new CommandLine(new Main());
        // picocli reads each command's annotations when it is added. `showdown load ...` needs only
        // load's: the start-up CPU saved lands on the generator's CPU otherwise.
        Supplier<Object> only = args.length > 0 && !args[0].equals("help") ? COMMANDS.get(args[0]) : null;
        if (only != null) {
            cmd.addSubcommand(args[0], only.get());
        } else {
            COMMANDS.forEach((name, command) -> cmd.addSubcommand(name, command.get()));
        }
        cmd.setExecutionExceptionHandler(new UserErrorHandler());
        cmd.setParameterExceptionHandler(new UserErrorHandler());
        return cmd;
    }
}
