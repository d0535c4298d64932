package showdown.harness.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Keeps {@code results.json} current while a run is in progress. Every record call rewrites the whole
 * file atomically (see {@link ResultsJson#writeAtomically}), so after a crash the file holds every
 * case recorded before it, and {@link #resume} continues from there.
 *
 * <p>Rewriting the whole file per case is deliberate: a run has at most a few thousand cases, each a
 * couple of kilobytes, while a case takes seconds to measure. One valid JSON document is simpler for
 * every reader than an append-only log.
 *
 * <p>Thread-safe: calls are serialised.
 */
public final class ResultsJournal {

    private final Path file;
    private RunResults header;
    /** Keyed by name: recording a target again (after a resume) replaces its outcome in place. */
    private final Map<String, TargetOutcome> targets = new LinkedHashMap<>();
    /** Keyed by identity: measuring a case again replaces it in place. */
    private final Map<CaseIdentity, CaseResult> cases = new LinkedHashMap<>();
    /** Keyed by target and round: warming a start again (after a resume) replaces it. */
    private final Map<String, WarmupOutcome> warmups = new LinkedHashMap<>();
    /** Not-offered cases, without repeats (a resumed run records them again). */
    private final java.util.Set<NotOfferedCase> notOffered = new java.util.LinkedHashSet<>();

    private ResultsJournal(Path file, RunResults initial) {
        this.file = file;
        this.header = initial.withTargets(List.of()).withCases(List.of()).withWarmups(List.of()).withNotOffered(List.of())
                .withSustainableOverRounds(List.of()); // figures of a finished run: a resumed one computes them again
        initial.targets().forEach(t -> targets.put(t.name(), t));
        initial.cases().forEach(c -> cases.put(c.identity(), c));
        initial.warmups().forEach(w -> warmups.put(warmupKey(w), w));
        notOffered.addAll(initial.notOffered());
    }

    /**
     * Starts a new journal in {@code dir} (created when missing) and writes the header at once.
     * Refuses a folder that already holds results, so a run never overwrites another one.
     */
    public static ResultsJournal create(Path dir, RunResults header) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new ResultsException(dir + ": cannot create the results folder: " + e.getMessage(), e);
        }
        Path file = ResultsJson.fileIn(dir);
        if (Files.exists(file)) {
            throw new ResultsException(file + " already exists (use --resume to continue that run, or choose another folder)");
        }
        String schema = header.schema() == null ? RunResults.SCHEMA : header.schema();
        RunResults stamped = new RunResults(schema, header.runId(), header.startedAt(), null, header.environment(),
                header.config(), header.targets(), header.cases(), header.warmups(), header.notOffered());
        ResultsJournal journal = new ResultsJournal(file, stamped);
        journal.write();
        return journal;
    }

    /** Continues the journal in {@code dir}: everything recorded before is kept; the run is unfinished again. */
    public static ResultsJournal resume(Path dir) {
        RunResults previous = ResultsJson.read(ResultsJson.fileIn(dir));
        return new ResultsJournal(ResultsJson.fileIn(dir), previous.withFinishedAt(null));
    }

    /** Reads a results file; see {@link ResultsJson#read}. */
    public static RunResults read(Path resultsJson) {
        return ResultsJson.read(resultsJson);
    }

    public Path file() {
        return file;
    }

    public synchronized void recordTarget(TargetOutcome outcome) {
        targets.put(outcome.name(), outcome);
        write();
    }

    public synchronized void recordCase(CaseResult result) {
        cases.put(result.identity(), result);
        write();
    }

    public synchronized void recordWarmup(WarmupOutcome warmup) {
        warmups.put(warmupKey(warmup), warmup);
        write();
    }

    /** Cases the plan left out because the target does not declare their protocol. */
    public synchronized void recordNotOffered(List<NotOfferedCase> cases) {
        if (notOffered.addAll(cases)) {
            write();
        }
    }

    /** The measured case with this identity, if any (a rate at a share of capacity reads its capacity case). */
    public synchronized java.util.Optional<CaseResult> findCase(CaseIdentity identity) {
        return java.util.Optional.ofNullable(cases.get(identity));
    }

    private static String warmupKey(WarmupOutcome w) {
        return w.target() + "\u0000" + w.repetition();
    }

    /** True when this case was already measured: {@code --resume} skips it. */
    public synchronized boolean hasCase(CaseIdentity identity) {
        return cases.containsKey(identity);
    }

    /** Stamps the finish time and writes the file a last time. */
    public synchronized void finish() {
        finish(List.of());
    }

    /** Stamps the finish time, adds the search cases' figures over the rounds and writes the file a last time. */
    public synchronized void finish(List<SustainableOverRounds> overRounds) {
        header = header.withFinishedAt(Instant.now().toString()).withSustainableOverRounds(overRounds);
        write();
    }

    /** Everything recorded so far, as an immutable value. */
    public synchronized RunResults snapshot() {
        return header.withTargets(new ArrayList<>(targets.values())).withCases(new ArrayList<>(cases.values()))
                .withWarmups(new ArrayList<>(warmups.values())).withNotOffered(new ArrayList<>(notOffered));
    }

    private void write() {
        ResultsJson.writeAtomically(file, snapshot());
    }
}
