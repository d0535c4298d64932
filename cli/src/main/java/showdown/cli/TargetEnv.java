package showdown.cli;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code --target-env NAME=VALUE} options of a command that starts targets: extra environment
 * for each target, in the order given (a later value for a name replaces the earlier one). The
 * variables the harness sets for every target cannot be given.
 */
final class TargetEnv {

    static final String OPTION = "--target-env";
    static final String VALUE_LABEL = "NAME=VALUE";

    private final Map<String, String> variables = new LinkedHashMap<>();

    /** Adds one {@code NAME=VALUE}; a {@link UserException} for anything else. */
    void add(String v) {
        int eq = v.indexOf('=');
        if (eq <= 0 || !v.substring(0, eq).matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new UserException(OPTION + " takes NAME=VALUE with a variable name before the '=', not '" + v + "'");
        }
        String name = v.substring(0, eq);
        if (name.equals("PORT") || name.equals("CPUS") || name.equals("SHOWDOWN_HOME")) {
            throw new UserException(OPTION + ": " + name + " is set by the harness for every target");
        }
        variables.put(name, v.substring(eq + 1));
    }

    boolean isEmpty() {
        return variables.isEmpty();
    }

    /** The variables given, read-only. */
    Map<String, String> asMap() {
        return Collections.unmodifiableMap(variables);
    }
}
