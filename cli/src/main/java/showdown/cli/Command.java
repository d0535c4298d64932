package showdown.cli;

import java.util.List;

/** One {@code showdown} subcommand: its help text, its arguments, and what it does. */
interface Command {

    /** The word after {@code showdown}. */
    String name();

    /** What --help prints under the usage line; the first line is the summary in {@code showdown --help}. */
    List<String> description();

    /** "code:meaning" lines for --help, or none. */
    default List<String> exitCodes() {
        return List.of();
    }

    /** True for commands that {@code showdown --help} does not list. */
    default boolean hidden() {
        return false;
    }

    /** Declares the options and parameters; their handlers fill this command's fields. */
    void declare(Options options);

    /**
     * Runs the command once its arguments are parsed, and returns the exit code. A {@link UserException}
     * (or the load engine's and the harness's user errors) becomes one line on stderr and exit code 2.
     *
     * @param args the command's own arguments, as given
     */
    int call(List<String> args) throws Exception;
}
