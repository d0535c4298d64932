package showdown.report;

import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import showdown.harness.results.CaseResult;
import showdown.harness.results.CaseNote;
import showdown.harness.results.CaseSample;
import showdown.harness.results.Errors;
import showdown.harness.results.Interval;
import showdown.harness.results.Latency;
import showdown.harness.results.SustainableThroughput;
import showdown.harness.results.Uncertainty;
import showdown.harness.stats.Bootstrap;
import showdown.harness.stats.RoundSpreads;
import showdown.harness.stats.SampleStatistics;
import showdown.harness.stats.SustainableRounds;

/**
 * Every repetition of one {@link CaseKey}, with the figures the reports show as spreads and their
 * confidence intervals: over the rounds when there are at least two and the target's spread between
 * rounds is known ({@link RoundSpreads}), else over the slices of its one window.
 */
public final class Summary {

    private static final double MICROS_PER_MILLI = 1_000.0;

    private final CaseKey key;
    private final List<CaseResult> repetitions;
    private final RoundSpreads targetSpreads;
    private java.util.Optional<Uncertainty> uncertainty;

    /** A case on its own: the spread between rounds is pooled over its own rounds only. */
    public Summary(CaseKey key, List<CaseResult> repetitions) {
        this(key, repetitions, RoundSpreads.of(List.of(repetitions)));
    }

    /**
     * @param targetSpreads the spread between rounds pooled over every case of this target in the run
     */
    public Summary(CaseKey key, List<CaseResult> repetitions, RoundSpreads targetSpreads) {
        if (repetitions.isEmpty()) {
            throw new IllegalArgumentException("a summary needs at least one repetition of " + key);
        }
        this.key = key;
        this.repetitions = List.copyOf(repetitions);
        this.targetSpreads = targetSpreads;
    }

    public CaseKey key() {
        return key;
    }

    /** Its measured repetitions, in the order measured (never empty). */
    public List<CaseResult> repetitions() {
        return repetitions;
    }

    public Spread requestsPerSecond() {
        Uncertainty u = uncertainty();
        return spread(CaseResult::requestsPerSecond).withCi(u == null ? null : u.requestsPerSecond());
    }

    /**
     * The intervals over the rounds (two or more, the target's spread known), else over the
     * repetitions' slices; null when neither has enough. Computed once: a bootstrap is not free.
     */
    public Uncertainty uncertainty() {
        if (uncertainty == null) {
            Uncertainty u = targetSpreads.uncertainty(repetitions, Bootstrap.DEFAULT_CONFIDENCE);
            if (u == null) {
                List<List<CaseSample>> rounds = repetitions.stream().map(CaseResult::samples)
                        .filter(l -> !l.isEmpty()).toList();
                u = rounds.isEmpty() ? null : SampleStatistics.uncertainty(rounds, Bootstrap.standard());
            }
            uncertainty = java.util.Optional.ofNullable(u);
        }
        return uncertainty.orElse(null);
    }


    /** Every note of every repetition, each text once, in the order measured. */
    public List<CaseNote> notes() {
        java.util.Map<String, CaseNote> byText = new java.util.LinkedHashMap<>();
        repetitions.forEach(c -> c.notes().forEach(n -> byText.putIfAbsent(n.message(), n)));
        return List.copyOf(byText.values());
    }

    /** True when any repetition was marked disturbed. */
    public boolean disturbed() {
        return repetitions.stream().anyMatch(CaseResult::disturbed);
    }

    public Spread requests() {
        return spread(CaseResult::requests);
    }

    public Spread durationSeconds() {
        return spread(CaseResult::durationSeconds);
    }

    public Spread latencyAvgMillis() {
        return latency(Latency::avgMicros);
    }

    public Spread latencyStdevMillis() {
        return latency(Latency::stdevMicros);
    }

    public Spread latencyP50Millis() {
        return latency(Latency::p50Micros);
    }

    public Spread latencyP999Millis() {
        return latency(Latency::p999Micros);
    }

    public Spread latencyP99Millis() {
        Uncertainty u = uncertainty();
        Spread s = latency(Latency::p99Micros);
        return u == null || u.p99Micros() == null ? s : s.withCi(new Interval(u.p99Micros().low() / MICROS_PER_MILLI,
                u.p99Micros().high() / MICROS_PER_MILLI));
    }

    public Spread serverCpuMicrosPerRequest() {
        Uncertainty u = uncertainty();
        return spread(c -> c.server().cpuMicrosPerRequest()).withCi(u == null ? null : u.serverCpuMicrosPerRequest());
    }

    public Spread generatorCpuMicrosPerRequest() {
        return spread(c -> c.generator() == null ? null : c.generator().cpuMicrosPerRequest());
    }

    public Spread serverPeakRssBytes() {
        return spread(c -> c.server().peakRssBytes());
    }

    /** The latency targets this search case was searched at, in the order searched; empty for any other case. */
    public List<String> slos() {
        return SustainableRounds.slos(repetitions);
    }

    /** {@link #sustainable(String)} at the first latency target searched; {@link Spread#NONE} for any other case. */
    public Spread sustainable() {
        List<String> slos = slos();
        return slos.isEmpty() ? Spread.NONE : sustainable(slos.get(0));
    }

    /**
     * The sustainable throughput of a search case (req/s at the latency target {@code slo}, as
     * {@link SustainableThroughput#slo()} names it), with as its interval the bracket its knee lies in
     * (the highest rate that held to the lowest that failed) over every repetition;
     * {@link Spread#NONE} when it was not searched at {@code slo}.
     */
    public Spread sustainable(String slo) {
        List<SustainableThroughput> found = searches(slo);
        if (found.isEmpty()) {
            return Spread.NONE;
        }
        Interval bracket = new Interval(found.stream().mapToDouble(f -> f.interval().low()).min().orElseThrow(),
                found.stream().mapToDouble(f -> f.interval().high()).max().orElseThrow());
        return Spread.of(found.stream().map(SustainableThroughput::requestsPerSecond).toList()).withCi(bracket);
    }

    /** {@link #search(String)} at the first latency target searched; null for any other case. */
    public SustainableThroughput search() {
        List<String> slos = slos();
        return slos.isEmpty() ? null : search(slos.get(0));
    }

    /** The search at {@code slo} of the repetition with the median sustainable throughput; null when none. */
    public SustainableThroughput search(String slo) {
        List<SustainableThroughput> found = searches(slo).stream()
                .sorted(Comparator.comparingDouble(SustainableThroughput::requestsPerSecond)).toList();
        return found.isEmpty() ? null : found.get((found.size() - 1) / 2);
    }

    private List<SustainableThroughput> searches(String slo) {
        return repetitions.stream().flatMap(c -> c.sustainable().stream()).filter(f -> f.slo().equals(slo)).toList();
    }

    /** Errors of all repetitions added up: one error in any repetition is worth seeing. */
    public Errors errors() {
        long connect = 0, read = 0, write = 0, timeout = 0, status = 0, protocol = 0;
        for (CaseResult c : repetitions) {
            Errors e = c.errors();
            connect += e.connect();
            read += e.read();
            write += e.write();
            timeout += e.timeout();
            status += e.status();
            protocol += e.protocol();
        }
        return new Errors(connect, read, write, timeout, status, protocol);
    }

    /** True when the load generator, not the server, was probably the limit in any repetition. */
    public boolean generatorSaturated() {
        return repetitions.stream().anyMatch(c -> c.generator() != null && c.generator().saturated());
    }

    /** The largest pipelining depth used (1: none). */
    public int pipeline() {
        return repetitions.stream().mapToInt(CaseResult::pipeline).max().orElse(1);
    }

    /**
     * The repetition whose req/s is the median (the lower middle one for an even count): its latency
     * spectrum stands for the case, since spectra cannot be averaged point by point honestly.
     */
    public CaseResult representative() {
        List<CaseResult> byRate = repetitions.stream()
                .sorted(Comparator.comparingDouble(CaseResult::requestsPerSecond)).toList();
        return byRate.get((byRate.size() - 1) / 2);
    }

    /**
     * A latency figure in ms over the repetitions that recorded latency: a search case keeps its
     * steps' latencies in its own record, not in a histogram, and shows none here.
     */
    private Spread latency(java.util.function.ToDoubleFunction<Latency> figure) {
        return spread(c -> c.latency().equals(Latency.NONE) ? null : figure.applyAsDouble(c.latency()) / MICROS_PER_MILLI);
    }

    private Spread spread(Function<CaseResult, Number> figure) {
        return Spread.of(repetitions.stream().map(figure).toList());
    }
}
