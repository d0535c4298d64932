package showdown.harness.targets;

import java.nio.file.Path;

/** Where the Showdown checkout is: the one with {@code targets/}, {@code mvnw} and the launcher. */
public final class ShowdownHome {

    /** Tests (and embedders) may point at another checkout without touching the environment. */
    public static final String PROPERTY = "showdown.home";
    /** The launcher exports it. */
    public static final String VARIABLE = "SHOWDOWN_HOME";

    private ShowdownHome() {
    }

    /** The {@code showdown.home} property, else {@code $SHOWDOWN_HOME}, else the current directory. */
    public static Path resolve() {
        String fromProperty = System.getProperty(PROPERTY);
        if (fromProperty != null && !fromProperty.isBlank()) {
            return Path.of(fromProperty).toAbsolutePath().normalize();
        }
        String fromEnv = System.getenv(VARIABLE);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return Path.of(fromEnv).toAbsolutePath().normalize();
        }
        return Path.of("").toAbsolutePath().normalize();
    }
}
