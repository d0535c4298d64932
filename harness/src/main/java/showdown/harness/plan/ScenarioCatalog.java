package showdown.harness.plan;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** The scenarios of a Showdown checkout: every {@code scenarios/*.yaml} (profiles live in a sub-folder). */
public final class ScenarioCatalog {
    private final Map<String, Scenario> byName;

    private ScenarioCatalog(Map<String, Scenario> byName) {
        this.byName = byName;
    }

    public static ScenarioCatalog load(Path scenariosDir) {
        if (!Files.isDirectory(scenariosDir)) {
            throw new PlanException(scenariosDir + ": no scenarios folder (is SHOWDOWN_HOME right?)");
        }
        Map<String, Scenario> byName = new TreeMap<>();
        try (Stream<Path> files = Files.list(scenariosDir)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                Scenario s = Scenario.load(file);
                if (byName.put(s.name(), s) != null) {
                    throw new PlanException(file + ": a second scenario is named '" + s.name() + "'");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (byName.isEmpty()) {
            throw new PlanException(scenariosDir + ": no scenario files (*.yaml)");
        }
        checkRoutesFrom(byName);
        return new ScenarioCatalog(byName);
    }

    /** Every scenario, sorted by name. */
    public List<Scenario> all() {
        return new ArrayList<>(byName.values());
    }

    /** What a run without {@code --scenario} runs: every scenario but the opt-in ones, sorted by name. */
    public List<Scenario> byDefault() {
        return byName.values().stream().filter(s -> !s.optIn()).toList();
    }

    /** Checks that every {@code routes-from} names a scenario of this catalog. */
    private static void checkRoutesFrom(Map<String, Scenario> byName) {
        for (Scenario s : byName.values()) {
            for (String from : s.routesFrom()) {
                if (!byName.containsKey(from) || !byName.get(from).routesFrom().isEmpty()) {
                    throw new PlanException("scenario '" + s.name() + "': routes-from names '" + from
                            + "', which is not a scenario with routes of its own (known: " + String.join(", ", byName.keySet()) + ")");
                }
            }
        }
    }

    public Scenario require(String name) {
        Scenario s = byName.get(name);
        if (s == null) {
            throw new PlanException("unknown scenario '" + name + "' (known: " + String.join(", ", byName.keySet()) + ")");
        }
        return s;
    }
}
