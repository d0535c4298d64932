package showdown.harness.run;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Optional;
import showdown.harness.plan.Durations;
import showdown.harness.plan.PlanException;
import showdown.harness.plan.Profile;
import showdown.load.capacity.LatencyTarget;

/**
 * What {@code showdown run} was asked for, as the user wrote it. A results folder keeps a copy
 * ({@value #FILE_NAME}, beside {@code profile.yaml}, the profile as it was read), so that
 * {@code --resume} rebuilds exactly the same plan even if the profile file changed since.
 *
 * @param targets      target names; empty = every target
 * @param scenarios    scenario names; empty = every scenario
 * @param profile      a built-in profile name or a profile file, as given
 * @param duration     {@code --duration}, or null
 * @param warmup       {@code --warmup}, or null
 * @param repeat       {@code --repeat}, or null
 * @param connections  {@code --connections}; empty = the profile's levels
 * @param cpus         {@code --cpus} words; empty = halves
 * @param verify       whether to run the verifier on each target before measuring it
 * @param seed         the run's seed for drawn ids (mist's fixed user id)
 * @param targetEnv    {@code --target-env NAME=VALUE}: extra environment for every target started
 * @param remeasure    {@code --remeasure}: measure the disturbed cases again at the end
 * @param slo          {@code --slo Q=T[,Q=T]}: the latency targets of the profile's searches, one search
 *                     each, or null for the profile's own (docs/capacity.md, "In showdown run")
 */
public record RunSettings(List<String> targets, List<String> scenarios, String profile, String duration,
                          String warmup, Integer repeat, List<Integer> connections, List<String> cpus,
                          boolean verify, long seed, Map<String, String> targetEnv, boolean remeasure,
                          String slo) {

    public static final String FILE_NAME = "run-settings.json";
    /** The profile as read at the start of the run. */
    public static final String PROFILE_COPY = "profile.yaml";

    private static final ObjectMapper JSON = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(SerializationFeature.INDENT_OUTPUT).build();

    public RunSettings {
        targets = targets == null ? List.of() : List.copyOf(targets);
        scenarios = scenarios == null ? List.of() : List.copyOf(scenarios);
        connections = connections == null ? List.of() : List.copyOf(connections);
        cpus = cpus == null ? List.of() : List.copyOf(cpus);
        targetEnv = targetEnv == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(targetEnv));
        profile = profile == null ? "quick" : profile;
        if (repeat != null && repeat < 1) {
            throw new PlanException("--repeat must be at least 1, not " + repeat);
        }
        for (int c : connections) {
            if (c < 1) {
                throw new PlanException("--connections: each level must be at least 1, not " + c);
            }
        }
        if (duration != null && Durations.parse(duration, "--duration").isZero()) {
            throw new PlanException("--duration must be longer than zero");
        }
        if (warmup != null) {
            Durations.parse(warmup, "--warmup");
        }
    }

    /** The profile with this run's overrides applied. */
    public Profile applyTo(Profile p) {
        Profile q = p.with(Optional.ofNullable(duration).map(d -> Durations.parse(d, "--duration")),
                Optional.ofNullable(warmup).map(w -> Durations.parse(w, "--warmup")),
                Optional.ofNullable(repeat), connections);
        return slo == null ? q : q.withSlos(LatencyTarget.parseAll(slo));
    }

    public void write(Path dir) {
        try {
            Files.createDirectories(dir);
            Files.write(dir.resolve(FILE_NAME), JSON.writeValueAsBytes(this));
        } catch (IOException e) {
            throw new PlanException(dir.resolve(FILE_NAME) + ": cannot write: " + e.getMessage());
        }
    }

    public static RunSettings read(Path dir) {
        Path file = dir.resolve(FILE_NAME);
        try {
            return JSON.readValue(Files.readAllBytes(file), RunSettings.class);
        } catch (NoSuchFileException e) {
            throw new PlanException(dir + ": not a 'showdown run' results folder (no " + FILE_NAME + ")");
        } catch (IOException e) {
            throw new PlanException(file + ": unreadable: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }
}
