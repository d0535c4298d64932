package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link IntervalLog} fed as the engine feeds it, read back with HdrHistogram's reader. */
class IntervalLogTest {

    private static final long MS = 1_000_000L;
    private static final long S = 1_000 * MS;

    @Test
    void writesEachIntervalsLengthNotItsEnd(@TempDir Path dir) throws IOException {
        Path path = dir.resolve("r.hlog");
        long before = System.currentTimeMillis();
        try (IntervalLog log = IntervalLog.open(path)) {
            log.write(0, S, latencies(10, 2 * MS));
            log.write(S, 2 * S, latencies(20, 3 * MS));
            log.write(2 * S, 3 * S, latencies(30, 5 * MS));
            log.finish(3 * S);
        }
        long after = System.currentTimeMillis();

        HistogramLogFile read = HistogramLogFile.read(path);
        assertThat(read.starts()).containsExactly(new BigDecimal("0.000"), new BigDecimal("1.000"),
                new BigDecimal("2.000"));
        assertThat(read.lengths()).containsExactly(new BigDecimal("1.000"), new BigDecimal("1.000"),
                new BigDecimal("1.000"));
        read.assertTiles(3.0);
        assertThat(read.histograms()).extracting(Histogram::getTotalCount).containsExactly(10L, 20L, 30L);
        assertThat(read.total().getMaxValue()).isEqualTo(latencies(1, 5 * MS).getMaxValue());
        // stamped from the first report: the window began that report's end (1 s) before it came
        assertThat(read.startTimeSec() * 1000).isBetween(before - 1000 - 1.0, after - 1000 + 1.0);
        // the reader's absolute time stamps: header start plus each line's start
        Histogram second = read.histograms().get(1);
        assertThat(second.getStartTimeStamp() - read.startTimeSec() * 1000).isCloseTo(1000, within());
        assertThat(second.getEndTimeStamp() - second.getStartTimeStamp()).isCloseTo(1000L,
                org.assertj.core.data.Offset.offset(1L));
    }

    @Test
    void fillsASecondWithoutAnswersAndCutsTheLastIntervalToTheWindow(@TempDir Path dir) throws IOException {
        Path path = dir.resolve("r.hlog");
        try (IntervalLog log = IntervalLog.open(path)) {
            // after a warm-up the first report may start just after the window's start
            log.write(3 * MS, S + 3 * MS, latencies(10, MS));
            // no report for the second second: nothing completed in it
            log.write(2 * S + 3 * MS, 3 * S + 3 * MS, latencies(5, MS));
            // the load stopped 40 ms after the last response, which ended the window (a count-bounded run)
            log.write(3 * S + 3 * MS, 3 * S + 300 * MS, latencies(2, MS));
            log.finish(3 * S + 260 * MS);
        }

        HistogramLogFile read = HistogramLogFile.read(path);
        read.assertTiles(3.26);
        assertThat(read.starts()).containsExactly(new BigDecimal("0.000"), new BigDecimal("0.003"),
                new BigDecimal("1.003"), new BigDecimal("2.003"), new BigDecimal("3.003"));
        assertThat(read.histograms()).extracting(Histogram::getTotalCount).containsExactly(0L, 10L, 0L, 5L, 2L);
    }

    @Test
    void aReportShorterThanAMillisecondJoinsTheNext(@TempDir Path dir) throws IOException {
        Path path = dir.resolve("r.hlog");
        try (IntervalLog log = IntervalLog.open(path)) {
            // the tick at the warm-up's end came 80 µs into the window, after a few answers
            log.write(0, 80_000, latencies(3, MS));
            log.write(80_000, S + 80_000, latencies(10, MS));
            log.finish(S + 500 * MS);
        }
        HistogramLogFile read = HistogramLogFile.read(path);
        read.assertTiles(1.5);
        assertThat(read.starts()).containsExactly(BigDecimal.ZERO.setScale(3), new BigDecimal("1.000"));
        assertThat(read.histograms()).extracting(Histogram::getTotalCount).containsExactly(13L, 0L);
    }

    @Test
    void extendsTheLogToTheWindowsEndWhenTheLastSecondsHadNoAnswer(@TempDir Path dir) throws IOException {
        Path path = dir.resolve("r.hlog");
        try (IntervalLog log = IntervalLog.open(path)) {
            log.write(0, S, latencies(10, MS));
            log.finish(4 * S);
        }
        HistogramLogFile read = HistogramLogFile.read(path);
        read.assertTiles(4.0);
        assertThat(read.histograms()).extracting(Histogram::getTotalCount).containsExactly(10L, 0L);
    }

    @Test
    void coversTheWindowWhenNothingWasAnswered(@TempDir Path dir) throws IOException {
        Path path = dir.resolve("r.hlog");
        try (IntervalLog log = IntervalLog.open(path)) {
            log.finish(2 * S);
        }
        HistogramLogFile read = HistogramLogFile.read(path);
        read.assertTiles(2.0);
        assertThat(read.total().getTotalCount()).isZero();
        assertThat(read.startTimeSec()).isPositive();
    }

    private static Histogram latencies(int count, long nanos) {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(nanos, count);
        return h;
    }

    private static org.assertj.core.data.Offset<Double> within() {
        return org.assertj.core.data.Offset.offset(1.0); // the reader truncates seconds * 1000 to a long
    }
}
