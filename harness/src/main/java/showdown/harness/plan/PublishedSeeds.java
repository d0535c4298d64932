package showdown.harness.plan;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The seeds' published tables of a checkout: every {@code scenarios/published/*.yaml}, one per seed.
 * Reports read them to compare a run with what the seeds printed, and {@code showdown reproduce}
 * reads them to know which seeds exist and which targets stand for their frameworks.
 */
public final class PublishedSeeds {

    /** Where the files live under a checkout's {@code scenarios/} folder. */
    public static final String FOLDER = "published";

    /** No published tables: reports then have no reproduction section. */
    public static final PublishedSeeds NONE = new PublishedSeeds(Map.of());

    private final Map<String, PublishedSeed> bySeed;

    private PublishedSeeds(Map<String, PublishedSeed> bySeed) {
        this.bySeed = bySeed;
    }

    /**
     * Reads {@code scenariosDir/published}. A checkout without that folder has no published tables
     * (a results folder re-reported elsewhere); a file that is there must be valid.
     */
    public static PublishedSeeds load(Path scenariosDir) {
        Path dir = scenariosDir.resolve(FOLDER);
        if (!Files.isDirectory(dir)) {
            return NONE;
        }
        List<PublishedSeed> seeds = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                seeds.add(PublishedSeed.load(file));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return of(seeds);
    }

    /** These seeds; two of one name are a one-line error. */
    public static PublishedSeeds of(List<PublishedSeed> seeds) {
        Map<String, PublishedSeed> bySeed = new TreeMap<>();
        for (PublishedSeed s : seeds) {
            if (bySeed.put(s.seed(), s) != null) {
                throw new PlanException(FOLDER + ": two files publish seed '" + s.seed() + "'");
            }
        }
        return new PublishedSeeds(bySeed);
    }

    /** Every seed, sorted by name. */
    public List<PublishedSeed> all() {
        return List.copyOf(bySeed.values());
    }

    /** The seed names, sorted. */
    public List<String> names() {
        return List.copyOf(bySeed.keySet());
    }

    public Optional<PublishedSeed> get(String seed) {
        return Optional.ofNullable(bySeed.get(seed));
    }

    /** The seed named {@code seed}, or a one-line error listing the seeds there are. */
    public PublishedSeed require(String seed) {
        PublishedSeed s = bySeed.get(seed);
        if (s == null) {
            throw new PlanException("unknown seed '" + seed + "' (known: " + (bySeed.isEmpty() ? "none: no "
                    + FOLDER + " tables here" : String.join(", ", bySeed.keySet())) + ")");
        }
        return s;
    }
}
