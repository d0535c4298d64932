package showdown.harness.stats;

import java.util.List;
import java.util.Objects;
import showdown.harness.results.CaseSample;
import showdown.harness.results.Interval;
import showdown.harness.results.Uncertainty;

/**
 * A case's figures from its slices, as the bootstrap sees them: the request rate is requests over
 * seconds, the server's cost is CPU-µs over requests (both ratios of sums, so a slice counts by
 * its weight), and p99 is the median of the slices' p99s.
 */
public final class SampleStatistics {

    /** Fewer slices than this give no interval: there is nothing to resample. */
    public static final int MIN_SLICES = 4;

    private SampleStatistics() {
    }

    /** Each slice as {@code {requests, seconds}}. */
    public static List<List<double[]>> rates(List<List<CaseSample>> rounds) {
        return rounds.stream().map(r -> r.stream()
                .map(s -> new double[] {s.requests(), s.durationSeconds()}).toList()).toList();
    }

    /** Each slice that had requests and a CPU reading as {@code {cpuMicros, requests}}. */
    public static List<List<double[]>> cpuPerRequest(List<List<CaseSample>> rounds) {
        return rounds.stream().map(r -> r.stream()
                .filter(s -> s.requests() > 0 && s.serverCpuMicrosPerRequest() != null)
                .map(s -> new double[] {s.serverCpuMicros(), s.requests()}).toList()).toList();
    }

    static List<List<Double>> p99s(List<List<CaseSample>> rounds) {
        return rounds.stream().map(r -> r.stream().map(CaseSample::p99Micros).filter(Objects::nonNull).toList()).toList();
    }

    /** The intervals of a case's figures over its rounds' slices; null with fewer than {@link #MIN_SLICES}. */
    public static Uncertainty uncertainty(List<List<CaseSample>> rounds, Bootstrap bootstrap) {
        int slices = rounds.stream().mapToInt(List::size).sum();
        if (slices < MIN_SLICES) {
            return null;
        }
        Interval cpu = countOf(cpuPerRequest(rounds)) >= MIN_SLICES ? bootstrap.ratio(cpuPerRequest(rounds)) : null;
        List<List<Double>> p99s = p99s(rounds);
        Interval p99 = p99s.stream().mapToInt(List::size).sum() >= MIN_SLICES ? bootstrap.median(p99s) : null;
        Interval rate = finiteOrNull(bootstrap.ratio(rates(rounds)));
        int rounded = (int) rounds.stream().filter(r -> !r.isEmpty()).count();
        return rate == null ? null : new Uncertainty(bootstrap.confidence(), Uncertainty.SLICES, rounded, slices, rate,
                finiteOrNull(cpu), finiteOrNull(p99));
    }

    /** JSON has no NaN: an interval that could not be drawn is left out. */
    private static Interval finiteOrNull(Interval i) {
        return i == null || !Double.isFinite(i.low()) || !Double.isFinite(i.high()) ? null : i;
    }

    private static int countOf(List<List<double[]>> rounds) {
        return rounds.stream().mapToInt(List::size).sum();
    }
}
