package showdown.harness.plan;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import showdown.harness.targets.Protocol;

/**
 * The whole run in order: targets x scenarios x requests x protocols x load levels x repetitions.
 *
 * <p>Repetitions are interleaved at the level of the target sequence (A B C A B C), and each round
 * restarts its target: a second measurement of A happens in a fresh JVM, minutes after the first,
 * so the spread across rounds includes start-to-start variance (JIT decisions, heap layout) and
 * slow drift of the machine, which back-to-back repeats in one process would hide.
 *
 * @param rounds      in run order
 * @param skipped     targets that serve none of the selected scenarios, with the reason
 * @param notOffered  cases left out because the target does not declare their protocol (once, not per round)
 * @param leftOut     one line for each kind of case the plan cannot run, e.g. an open-model level of a
 *                    request pipelined over HTTP/1.1 (the open model sends one request at a time)
 */
public record RunPlan(List<TargetRound> rounds, List<Skipped> skipped, List<NotOffered> notOffered,
                      List<String> leftOut) {

    /** A target the plan leaves out, and why. */
    public record Skipped(String target, String reason) {
    }

    /** A case the plan leaves out because its target does not serve its protocol: "not offered" in the reports. */
    public record NotOffered(String target, String scenario, String label, Protocol protocol, Rate rate, int connections) {
    }

    public RunPlan {
        rounds = List.copyOf(rounds);
        skipped = List.copyOf(skipped);
        notOffered = List.copyOf(notOffered);
        leftOut = List.copyOf(leftOut);
    }

    public RunPlan(List<TargetRound> rounds, List<Skipped> skipped) {
        this(rounds, skipped, List.of(), List.of());
    }

    /**
     * Builds the plan. Scenarios run in the given order, requests in their file's order, then each
     * request's protocols, then levels in the profile's order; a target only gets the scenarios it
     * serves and the protocols it declares.
     *
     * <p>A request's protocols are its level's {@code protocol:} when the level has one, else the
     * profile's for the scenario, else the request's or its scenario's, else h1.
     *
     * @param loadCpus how many CPUs the load engine has, for {@code threads: auto}
     * @param seed     the run's seed for path placeholders (kept so that a resumed run matches)
     */
    public static RunPlan build(List<PlanTarget> targets, List<Scenario> scenarios, Profile profile,
                                int loadCpus, long seed) {
        List<TargetRound> rounds = new ArrayList<>();
        List<Skipped> skipped = new ArrayList<>();
        List<NotOffered> notOffered = new ArrayList<>();
        Set<String> leftOut = new LinkedHashSet<>();
        List<PlanTarget> active = new ArrayList<>();
        for (PlanTarget t : targets) {
            if (scenarios.stream().noneMatch(s -> s.servedBy(t.scenarios()))) {
                skipped.add(new Skipped(t.name(), "serves none of the selected scenarios"));
            } else {
                active.add(t);
            }
        }
        int index = 0;
        for (int rep = 1; rep <= profile.repeat(); rep++) {
            for (PlanTarget t : active) {
                List<PlannedCase> cases = new ArrayList<>();
                Set<String> contract = new LinkedHashSet<>();
                for (Scenario s : scenarios) {
                    if (!s.servedBy(t.scenarios())) {
                        continue;
                    }
                    Duration timeout = profile.timeoutFor(s.name());
                    List<LevelSpec> specs = profile.levelsFor(s.name());
                    List<LoadLevel> levels = specs.stream().map(l -> l.resolve(loadCpus)).toList();
                    for (RequestTemplate r : s.requests()) {
                        String path = r.resolvePath(seed);
                        List<Protocol> general = generalProtocols(profile, s, r);
                        for (Protocol protocol : protocols(general, specs)) {
                            List<LoadLevel> own = new ArrayList<>();
                            for (int i = 0; i < specs.size(); i++) {
                                // A level that names a protocol runs only over it; the others over the general ones.
                                Protocol named = specs.get(i).protocol();
                                if (named == null ? general.contains(protocol) : named == protocol) {
                                    own.add(levels.get(i));
                                }
                            }
                            LoadLevel capacity = null;
                            for (LoadLevel level : own) {
                                if (!level.rate().closed() && r.pipeline() > 1 && !protocol.streams()) {
                                    leftOut.add("scenario " + s.name() + ", " + r.label() + " over " + protocol + " "
                                            + level.rate().describe() + ": the open model sends one request at a time, so"
                                            + " a request pipelined over HTTP/1.1 (pipeline: " + r.pipeline() + ") is not"
                                            + " run at a rate");
                                    continue;
                                }
                                if (level.rate().closed()) {
                                    capacity = level;
                                } else if (level.rate().relative() && capacity == null) {
                                    throw new PlanException("scenario '" + s.name() + "', '" + r.label() + "' over " + protocol
                                            + ": the level " + level + " needs a closed-model level before it (its capacity)");
                                }
                                String label = label(r, level, own);
                                if (!t.protocols().contains(protocol)) {
                                    if (rep == 1) {
                                        notOffered.add(new NotOffered(t.name(), s.name(), label, protocol, level.rate(),
                                                level.connections()));
                                    }
                                    continue;
                                }
                                cases.add(new PlannedCase(++index, t.name(), s.name(), r, label, path, level, rep,
                                        profile.duration(), timeout, protocol, level.rate().relative() ? capacity : null));
                                contract.addAll(s.contract());
                            }
                        }
                    }
                }
                if (!cases.isEmpty()) {
                    rounds.add(new TargetRound(t.name(), rep, cases, List.copyOf(contract)));
                } else if (rep == 1) {
                    skipped.add(new Skipped(t.name(), "offers none of the selected scenarios' protocols"));
                }
            }
        }
        return new RunPlan(rounds, skipped, notOffered, List.copyOf(leftOut));
    }

    /** The protocols of a request's levels that name none: the profile's for the scenario, the request's, or h1. */
    private static List<Protocol> generalProtocols(Profile profile, Scenario s, RequestTemplate r) {
        return !profile.protocolsFor(s.name()).isEmpty() ? profile.protocolsFor(s.name())
                : !r.protocols().isEmpty() ? r.protocols() : List.of(Protocol.H1);
    }

    /** The protocols a request runs over, in order, without repeats. */
    private static List<Protocol> protocols(List<Protocol> general, List<LevelSpec> specs) {
        Set<Protocol> out = new LinkedHashSet<>();
        for (LevelSpec l : specs) {
            if (l.protocol() != null) {
                out.add(l.protocol());
            } else {
                out.addAll(general);
            }
        }
        return List.copyOf(out);
    }

    /** The template's label, made unique when another level has the same connections and rate but other threads. */
    private static String label(RequestTemplate r, LoadLevel level, List<LoadLevel> levels) {
        long sameConnections = levels.stream()
                .filter(l -> l.connections() == level.connections() && l.rate().equals(level.rate())).count();
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
