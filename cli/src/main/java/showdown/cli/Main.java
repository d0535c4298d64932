package showdown.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import showdown.deploy.DeployException;
import showdown.harness.run.EnvironmentProbe;
import showdown.harness.targets.TargetException;
import showdown.hosts.control.HostsException;
import showdown.hosts.tls.TlsSetupException;
import showdown.load.LoadException;

/**
 * The {@code showdown} command: finds the subcommand, parses its arguments, runs it, and turns the
 * errors a user can cause into one line on stderr and exit code 2. Anything else is a bug: it keeps
 * its stack trace, exit code 1.
 *
 * <p>The parser is our own ({@link Options}): a general-purpose one spent about 0.3 CPU-seconds
 * reading its annotations at every start, and for {@code showdown load} that time lands on the
 * load generator's CPU.
 */
public final class Main {

    /** Exit code for a problem the user caused: a bad flag, a bad URL, a missing file. */
    public static final int EXIT_USAGE = 2;
    /** Exit code for a bug: an exception nobody expected, printed with its stack trace. */
    public static final int EXIT_BUG = 1;

    /** The subcommands, in the order --help lists them. */
    private static final Map<String, Supplier<Command>> COMMANDS = new LinkedHashMap<>();

    static {
        COMMANDS.put("load", LoadCommand::new);
        COMMANDS.put("verify", VerifyCommand::new);
        COMMANDS.put("serve", ServeCommand::new);
        COMMANDS.put("doctor", DoctorCommand::new);
        COMMANDS.put("run", RunCommand::new);
        COMMANDS.put("reproduce", ReproduceCommand::new);
        COMMANDS.put("report", ReportCommand::new);
        COMMANDS.put("compare", CompareCommand::new);
        COMMANDS.put("kube", KubeCommand::new);
        COMMANDS.put("agent", AgentCommand::new);
        COMMANDS.put("certs", CertsCommand::new);
        COMMANDS.put("train-archive", TrainArchiveCommand::new); // hidden: for the launcher
        COMMANDS.put("bench-record", BenchRecordCommand::new); // hidden: for the bench scripts
        COMMANDS.put("bench-report", BenchReportCommand::new); // hidden: for bench/report
    }

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns its exit code; tests call this instead of main. */
    public static int execute(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        try {
            return dispatch(List.of(args), out, err);
        } finally {
            out.flush();
            err.flush();
        }
    }

    private static int dispatch(List<String> args, PrintStream out, PrintStream err) {
        String first = args.isEmpty() ? "--help" : args.get(0);
        switch (first) {
            case "-h", "--help" -> {
                out.print(usage());
                return 0;
            }
            case "-V", "--version" -> {
                out.println(version());
                return 0;
            }
            case "help" -> {
                if (args.size() == 1) {
                    out.print(usage());
                    return 0;
                }
                return dispatch(List.of(args.get(1), "--help"), out, err);
            }
            default -> {
                Supplier<Command> command = COMMANDS.get(first);
                if (command == null) {
                    err.println("showdown: unknown " + (first.startsWith("-") ? "option" : "command") + " '" + first
                            + "' (see 'showdown --help')");
                    return EXIT_USAGE;
                }
                return run(command.get(), args.subList(1, args.size()), out, err);
            }
        }
    }

    private static int run(Command command, List<String> args, PrintStream out, PrintStream err) {
        String name = "showdown " + command.name();
        boolean[] help = {false};
        boolean[] version = {false};
        Options options = new Options();
        command.declare(options);
        options.finalFlag("-h, --help", "show this help and exit", () -> help[0] = true)
                .finalFlag("-V, --version", "print the version and exit", () -> version[0] = true);
        try {
            options.parse(args);
            if (help[0]) {
                out.print(Usage.of(name, command, options));
                return 0;
            }
            if (version[0]) {
                out.println(version());
                return 0;
            }
            return command.call(args);
        } catch (UsageException e) {
            err.println(name + ": " + e.getMessage() + " (see '" + name + " --help')");
            return EXIT_USAGE;
        } catch (UserException | LoadException | TargetException | DeployException | HostsException
                | TlsSetupException e) {
            err.println(name + ": " + e.getMessage());
            return EXIT_USAGE;
        } catch (Exception e) {
            err.println(name + ": internal error, please report it: " + e);
            e.printStackTrace(err);
            return EXIT_BUG;
        }
    }

    /** {@code showdown --help}: the commands and what each does. */
    static String usage() {
        StringBuilder sb = new StringBuilder();
        sb.append("Usage: showdown [-hV] COMMAND [ARGS]\n");
        sb.append("Benchmarks HTTP web frameworks: load, verify, run, report, compare.\n\n");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"  -h, --help", "show this help and exit"});
        rows.add(new String[] {"  -V, --version", "print the version and exit"});
        Usage.table(sb, rows);
        sb.append("\nCommands:\n");
        rows.clear();
        COMMANDS.values().stream().map(Supplier::get).filter(c -> !c.hidden())
                .forEach(c -> rows.add(new String[] {"  " + c.name(), c.description().get(0)}));
        rows.add(new String[] {"  help", "Shows the help of a command: showdown help COMMAND (or showdown COMMAND --help)."});
        Usage.table(sb, rows);
        return sb.toString();
    }

    static String version() {
        return "showdown " + EnvironmentProbe.showdownVersion() + " (Java " + Runtime.version() + ")";
    }
}
