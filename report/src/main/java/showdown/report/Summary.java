package showdown.report;

import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import showdown.harness.results.CaseResult;
import showdown.harness.results.Errors;

/**
 * Every repetition of one {@link CaseKey}, with the figures the reports show as spreads.
 *
 * @param key         the case
 * @param repetitions its measured repetitions, in the order measured (never empty)
 */
public record Summary(CaseKey key, List<CaseResult> repetitions) {

    private static final double MICROS_PER_MILLI = 1_000.0;

    public Summary {
        if (repetitions.isEmpty()) {
            throw new IllegalArgumentException("a summary needs at least one repetition of " + key);
        }
        repetitions = List.copyOf(repetitions);
    }

    public Spread requestsPerSecond() {
        return spread(CaseResult::requestsPerSecond);
    }

    public Spread requests() {
        return spread(CaseResult::requests);
    }

    public Spread durationSeconds() {
        return spread(CaseResult::durationSeconds);
    }

    public Spread latencyAvgMillis() {
        return spread(c -> c.latency().avgMicros() / MICROS_PER_MILLI);
    }

    public Spread latencyStdevMillis() {
        return spread(c -> c.latency().stdevMicros() / MICROS_PER_MILLI);
    }

    public Spread latencyP99Millis() {
        return spread(c -> c.latency().p99Micros() / MICROS_PER_MILLI);
    }

    public Spread serverCpuMicrosPerRequest() {
        return spread(c -> c.server().cpuMicrosPerRequest());
    }

    public Spread generatorCpuMicrosPerRequest() {
        return spread(c -> c.generator() == null ? null : c.generator().cpuMicrosPerRequest());
    }

    public Spread serverPeakRssBytes() {
        return spread(c -> c.server().peakRssBytes());
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

    private Spread spread(Function<CaseResult, Number> figure) {
        return Spread.of(repetitions.stream().map(figure).toList());
    }
}
