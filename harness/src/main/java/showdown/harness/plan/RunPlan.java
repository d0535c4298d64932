package showdown.harness.plan;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The whole run in order: targets x scenarios x requests x load levels x repetitions.
 *
 * <p>Repetitions are interleaved at the level of the target sequence (A B C A B C), and each round
 * restarts its target: a second measurement of A happens in a fresh JVM, minutes after the first,
 * so the spread across rounds includes start-to-start variance (JIT decisions, heap layout) and
 * slow drift of the machine, which back-to-back repeats in one process would hide.
 *
 * @param rounds      in run order
 * @param skipped     targets that serve none of the selected scenarios, with the reason
 */
public record RunPlan(List<TargetRound> rounds, List<Skipped> skipped) {

    /** A target the plan leaves out, and why. */
    public record Skipped(String target, String reason) {
    }

    public RunPlan {
        rounds = List.copyOf(rounds);
        skipped = List.copyOf(skipped);
    }

    /**
     * Builds the plan. Scenarios run in the given order, requests in their file's order, levels in
     * the profile's order; a target only gets the scenarios its manifest lists.
     *
     * @param loadCpus how many CPUs the load engine has, for {@code threads: auto}
     * @param seed     the run's seed for path placeholders (kept so that a resumed run matches)
     */
    public static RunPlan build(List<PlanTarget> targets, List<Scenario> scenarios, Profile profile,
                                int loadCpus, long seed) {
        List<TargetRound> rounds = new ArrayList<>();
        List<Skipped> skipped = new ArrayList<>();
        List<PlanTarget> active = new ArrayList<>();
        for (PlanTarget t : targets) {
            if (scenarios.stream().noneMatch(s -> t.scenarios().contains(s.name()))) {
                skipped.add(new Skipped(t.name(), "serves none of the selected scenarios"));
            } else {
                active.add(t);
            }
        }
        int index = 0;
        for (int rep = 1; rep <= profile.repeat(); rep++) {
            for (PlanTarget t : active) {
                List<PlannedCase> cases = new ArrayList<>();
                for (Scenario s : scenarios) {
                    if (!t.scenarios().contains(s.name())) {
                        continue;
                    }
                    Duration timeout = profile.timeoutFor(s.name());
                    List<LoadLevel> levels = profile.levelsFor(s.name()).stream().map(l -> l.resolve(loadCpus)).toList();
                    for (RequestTemplate r : s.requests()) {
                        String path = r.resolvePath(seed);
                        for (LoadLevel level : levels) {
                            cases.add(new PlannedCase(++index, t.name(), s.name(), r, label(r, level, levels), path,
                                    level, rep, profile.duration(), timeout));
                        }
                    }
                }
                rounds.add(new TargetRound(t.name(), rep, cases));
            }
        }
        return new RunPlan(rounds, skipped);
    }

    /** The template's label, made unique when another level has the same connections but other threads. */
    private static String label(RequestTemplate r, LoadLevel level, List<LoadLevel> levels) {
        long sameConnections = levels.stream().filter(l -> l.connections() == level.connections()).count();
        if (levels.stream().filter(l -> l.equals(level)).count() > 1) {
            throw new PlanException("the profile lists load level " + level + " twice for '" + r.label() + "'");
        }
        return sameConnections > 1 ? r.label() + " -t" + level.threads() : r.label();
    }

    public int totalCases() {
        return rounds.stream().mapToInt(r -> r.cases().size()).sum();
    }

    public List<PlannedCase> cases() {
        return rounds.stream().flatMap(r -> r.cases().stream()).toList();
    }
}
