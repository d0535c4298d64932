package showdown.cli;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What one command accepts, declared once: its options and positional parameters. {@link #parse}
 * reads an argument list into the command's fields; {@link Usage} prints the same declarations as
 * --help. A mistake in the arguments is a {@link UsageException}, one line.
 *
 * <p>Syntax, as wrk and getopt users expect: {@code --name value}, {@code --name=value},
 * {@code -c 400} and {@code -c400}; {@code --} ends the options. {@code -h/--help} and
 * {@code -V/--version} belong to every command and are handled by {@link Main}.
 */
final class Options {

    /**
     * One option: a flag when {@code label} is null, otherwise it takes 1 to {@code maxValues} values.
     * A flag that {@code ends} parsing (--help) wins over anything wrong in the other arguments.
     */
    record Option(List<String> names, String label, int maxValues, String description, boolean hidden, boolean ends,
                  Consumer<String> onValue, Runnable onFlag) {
        boolean takesValue() {
            return label != null;
        }

        String longestName() {
            return names.get(names.size() - 1);
        }
    }

    /** A positional parameter; a variadic one takes every remaining argument (at least one). */
    record Parameter(String label, boolean variadic, String description, Consumer<String> onValue) {
    }

    private final List<Option> options = new ArrayList<>();
    private final List<Parameter> parameters = new ArrayList<>();
    private final Map<String, Option> byName = new HashMap<>();

    /** A flag, e.g. {@code flag("-L, --latency", "print ...", () -> latency = true)}. */
    Options flag(String names, String description, Runnable onFlag) {
        return add(new Option(splitNames(names), null, 0, description, false, false, null, onFlag));
    }

    /** A flag that stops parsing where it stands, like --help: the rest is neither read nor checked. */
    Options finalFlag(String names, String description, Runnable onFlag) {
        return add(new Option(splitNames(names), null, 0, description, false, true, null, onFlag));
    }

    /** An option with one value; given again, {@code onValue} sees each value in turn. */
    Options value(String names, String label, String description, Consumer<String> onValue) {
        return values(names, label, 1, description, onValue);
    }

    /**
     * An option with 1 to {@code maxValues} values: {@code --cpus server=0 load=1}. Values after the
     * first are taken while they do not start with '-'.
     */
    Options values(String names, String label, int maxValues, String description, Consumer<String> onValue) {
        return add(new Option(splitNames(names), label, maxValues, description, false, false, onValue, null));
    }

    /** An option that works but that --help does not list. */
    Options hiddenValue(String names, String label, Consumer<String> onValue) {
        return add(new Option(splitNames(names), label, 1, "", true, false, onValue, null));
    }

    /** A positional parameter that must be given once. */
    Options parameter(String label, String description, Consumer<String> onValue) {
        return addParameter(new Parameter(label, false, description, onValue));
    }

    /** The last positional parameter: one or more arguments. */
    Options parameters(String label, String description, Consumer<String> onValue) {
        return addParameter(new Parameter(label, true, description, onValue));
    }

    List<Option> options() {
        return List.copyOf(options);
    }

    List<Parameter> parameters() {
        return List.copyOf(parameters);
    }

    /** Hands every argument to its option or parameter, in order. */
    void parse(List<String> args) {
        List<String> positional = new ArrayList<>();
        boolean optionsEnded = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (optionsEnded || !arg.startsWith("-") || arg.equals("-")) {
                positional.add(arg);
                continue;
            }
            if (arg.equals("--")) {
                optionsEnded = true;
                continue;
            }
            String name = arg;
            String attached = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 2) {
                name = arg.substring(0, eq);
                attached = arg.substring(eq + 1);
            } else if (!arg.startsWith("--") && arg.length() > 2 && !byName.containsKey(arg)) {
                name = arg.substring(0, 2); // -c400, as getopt reads it
                attached = arg.substring(2);
            }
            Option option = byName.get(name);
            if (option == null || (attached != null && !option.takesValue() && !arg.startsWith("--"))) {
                throw new UsageException("unknown option '" + arg + "'");
            }
            if (!option.takesValue()) {
                if (attached != null) {
                    throw new UsageException("option '" + name + "' takes no value");
                }
                option.onFlag().run();
                if (option.ends()) {
                    return;
                }
                continue;
            }
            if (attached == null) {
                if (i + 1 >= args.size()) {
                    throw new UsageException("option '" + name + "' needs a value (" + option.label() + ")");
                }
                attached = args.get(++i);
            }
            option.onValue().accept(attached);
            for (int more = 1; more < option.maxValues() && i + 1 < args.size() && !args.get(i + 1).startsWith("-"); more++) {
                option.onValue().accept(args.get(++i));
            }
        }
        assignParameters(positional);
    }

    private void assignParameters(List<String> positional) {
        int next = 0;
        for (Parameter p : parameters) {
            if (next >= positional.size()) {
                throw new UsageException("missing " + p.label() + (p.variadic() ? " (one or more)" : ""));
            }
            do {
                p.onValue().accept(positional.get(next++));
            } while (p.variadic() && next < positional.size());
        }
        if (next < positional.size()) {
            throw new UsageException("unexpected argument '" + positional.get(next) + "'");
        }
    }

    private Options add(Option option) {
        for (String name : option.names()) {
            if (byName.putIfAbsent(name, option) != null) {
                throw new IllegalStateException("option " + name + " is declared twice");
            }
        }
        options.add(option);
        return this;
    }

    private Options addParameter(Parameter p) {
        if (!parameters.isEmpty() && parameters.get(parameters.size() - 1).variadic()) {
            throw new IllegalStateException("no parameter can follow the variadic " + p.label());
        }
        parameters.add(p);
        return this;
    }

    private static List<String> splitNames(String names) {
        List<String> list = new ArrayList<>();
        for (String n : names.split(",")) {
            String name = n.strip();
            if (!name.matches("-[A-Za-z]|--[a-z][a-z0-9-]*")) {
                throw new IllegalArgumentException("not an option name: '" + name + "'");
            }
            list.add(name);
        }
        return List.copyOf(list);
    }

    // Conversions for the commands' handlers: a bad value is a UsageException naming the option.

    static int toInt(String option, String value) {
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new UsageException(option + ": '" + value + "' is not a whole number");
        }
    }

    static long toLong(String option, String value) {
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw new UsageException(option + ": '" + value + "' is not a whole number");
        }
    }

    /** A percentage from 0 up to 100, written {@code 5} or {@code 5%}. */
    static double toPercent(String option, String value) {
        String v = value.strip();
        v = v.endsWith("%") ? v.substring(0, v.length() - 1).strip() : v;
        try {
            double p = Double.parseDouble(v);
            if (p >= 0 && p < 100) {
                return p;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new UsageException(option + ": '" + value + "' is not a percentage from 0 to below 100");
    }

    static Path toPath(String option, String value) {
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            throw new UsageException(option + ": '" + value + "' is not a path");
        }
    }

    /** The comma-separated items of a value, blanks dropped: {@code --target a,b}. */
    static List<String> items(String value) {
        List<String> items = new ArrayList<>();
        for (String s : value.split(",")) {
            if (!s.isBlank()) {
                items.add(s.strip());
            }
        }
        return items;
    }
}
