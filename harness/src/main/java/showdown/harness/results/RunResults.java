package showdown.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The root of {@code results.json}: one run, its machine, its settings, what happened to each target
 * and every measured case. Timestamps are ISO-8601 in UTC ({@code 2026-11-30T01:02:03.456Z}).
 *
 * @param schema     the schema id and major version, {@value #SCHEMA}
 * @param runId      a unique id for the run (also the default results folder name)
 * @param startedAt  when the run started
 * @param finishedAt when the run finished; null while it is in progress or when it crashed
 * @param environment the machine and software
 * @param config     the settings
 * @param targets    one outcome per target considered, in run order
 * @param cases      every measured case, in the order measured
 * @param warmups    every target start's warm-up, in the order run (schema 1.1)
 * @param notOffered cases not run because the target does not declare their protocol (schema 1.3)
 * @param sustainableOverRounds *2*: each search case's sustainable throughput per latency target
 *                   over the rounds, written when a run of two or more rounds finishes; empty (absent)
 *                   otherwise
 */
public record RunResults(
        String schema,
        String runId,
        String startedAt,
        String finishedAt,
        Environment environment,
        RunConfig config,
        List<TargetOutcome> targets,
        List<CaseResult> cases,
        List<WarmupOutcome> warmups,
        List<NotOfferedCase> notOffered,
        @JsonInclude(JsonInclude.Include.NON_EMPTY)
        List<SustainableOverRounds> sustainableOverRounds) {

    /** The schema this code writes. A reader accepts its major version and the one before ({@link ResultsJson}). */
    public static final String SCHEMA = "showdown.results/2";

    public RunResults {
        targets = targets == null ? List.of() : List.copyOf(targets);
        cases = cases == null ? List.of() : List.copyOf(cases);
        warmups = warmups == null ? List.of() : List.copyOf(warmups);
        notOffered = notOffered == null ? List.of() : List.copyOf(notOffered);
        sustainableOverRounds = sustainableOverRounds == null ? List.of() : List.copyOf(sustainableOverRounds);
    }

    /** A run without figures over rounds (every file before schema 2, and every unfinished run). */
    public RunResults(String schema, String runId, String startedAt, String finishedAt, Environment environment,
                      RunConfig config, List<TargetOutcome> targets, List<CaseResult> cases, List<WarmupOutcome> warmups,
                      List<NotOfferedCase> notOffered) {
        this(schema, runId, startedAt, finishedAt, environment, config, targets, cases, warmups, notOffered, List.of());
    }

    /** A run without not-offered cases (every file before schema 1.3). */
    public RunResults(String schema, String runId, String startedAt, String finishedAt, Environment environment,
                      RunConfig config, List<TargetOutcome> targets, List<CaseResult> cases, List<WarmupOutcome> warmups) {
        this(schema, runId, startedAt, finishedAt, environment, config, targets, cases, warmups, List.of());
    }

    public RunResults withNotOffered(List<NotOfferedCase> newNotOffered) {
        return new RunResults(schema, runId, startedAt, finishedAt, environment, config, targets, cases, warmups, newNotOffered, sustainableOverRounds);
    }

    /** A run header with no targets and no cases yet, stamped with the current schema. */
    public static RunResults start(String runId, String startedAt, Environment environment, RunConfig config) {
        return new RunResults(SCHEMA, runId, startedAt, null, environment, config, List.of(), List.of(), List.of());
    }

    public RunResults withTargets(List<TargetOutcome> newTargets) {
        return new RunResults(schema, runId, startedAt, finishedAt, environment, config, newTargets, cases, warmups, notOffered, sustainableOverRounds);
    }

    public RunResults withCases(List<CaseResult> newCases) {
        return new RunResults(schema, runId, startedAt, finishedAt, environment, config, targets, newCases, warmups, notOffered, sustainableOverRounds);
    }

    public RunResults withFinishedAt(String when) {
        return new RunResults(schema, runId, startedAt, when, environment, config, targets, cases, warmups, notOffered, sustainableOverRounds);
    }

    public RunResults withSustainableOverRounds(List<SustainableOverRounds> figures) {
        return new RunResults(schema, runId, startedAt, finishedAt, environment, config, targets, cases, warmups, notOffered,
                figures);
    }

    public RunResults withWarmups(List<WarmupOutcome> newWarmups) {
        return new RunResults(schema, runId, startedAt, finishedAt, environment, config, targets, cases, newWarmups, notOffered, sustainableOverRounds);
    }

    /** The warm-up of {@code target}'s start in round {@code repetition} (from 0), or null. */
    public WarmupOutcome warmup(String target, int repetition) {
        for (WarmupOutcome w : warmups) {
            if (w.target().equals(target) && w.repetition() == repetition) {
                return w;
            }
        }
        return null;
    }

    /** The outcome of the target named {@code name}, or null. */
    public TargetOutcome target(String name) {
        for (TargetOutcome t : targets) {
            if (t.name().equals(name)) {
                return t;
            }
        }
        return null;
    }
}
