package showdown.cli;

import java.util.List;

/** One {@code showdown} subcommand: its help text, its arguments, and what it does. */
abstract class Command {

    private final String name;
    private final List<String> description;

    /**
     * @param name the word after {@code showdown}
     * @param description what --help prints under the usage line; the first line is the summary in
     *     {@code showdown --help}
     */
    Command(String name, String... description) {
        this.name = name;
        this.description = List.of(description);
    }

    final String name() {
        return name;
    }

    final List<String> description() {
        return description;
    }

    /** "code:meaning" lines for --help, or none. */
    List<String> exitCodes() {
        return List.of();
    }

    /** True for commands that {@code showdown --help} does not list. */
    boolean hidden() {
        return false;
    }

    /** Declares the options and parameters; their handlers fill this command's fields. None by default. */
    void declare(Options options) {
    }

    /**
     * Runs the command once its arguments are parsed, and returns the exit code. A {@link UserException}
     * (or the load engine's and the harness's user errors) becomes one line on stderr and exit code 2.
     *
     * @param args the command's own arguments, as given
     */
    abstract int call(List<String> args) throws Exception;
}
