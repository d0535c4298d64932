package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * An interval log as another tool sees it: read back with HdrHistogram's own {@link HistogramLogReader},
 * and each line's time stamp and length as printed (exact decimals, the reader turns them into doubles).
 */
record HistogramLogFile(double startTimeSec, List<Histogram> histograms, List<BigDecimal> starts,
        List<BigDecimal> lengths) {

    static HistogramLogFile read(Path log) throws IOException {
        List<Histogram> histograms = new ArrayList<>();
        double startTimeSec;
        try (InputStream in = Files.newInputStream(log)) {
            HistogramLogReader reader = new HistogramLogReader(in);
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                histograms.add((Histogram) h);
            }
            startTimeSec = reader.getStartTimeSec();
        }
        List<BigDecimal> starts = new ArrayList<>();
        List<BigDecimal> lengths = new ArrayList<>();
        for (String line : Files.readAllLines(log)) {
            if (!line.startsWith("#") && !line.startsWith("\"")) {
                String[] fields = line.split(",");
                starts.add(new BigDecimal(fields[0]));
                lengths.add(new BigDecimal(fields[1]));
            }
        }
        assertThat(histograms).as("every interval line decodes").hasSameSizeAs(starts);
        return new HistogramLogFile(startTimeSec, histograms, starts, lengths);
    }

    /**
     * Checks that the intervals tile {@code [0, end]} (seconds, as printed): the first starts at 0,
     * each starts where the one before ended, none is empty or negative, and the last ends at
     * {@code windowSeconds} to the log's millisecond.
     */
    void assertTiles(double windowSeconds) {
        assertThat(starts).as("intervals").isNotEmpty();
        assertThat(starts.getFirst()).isEqualByComparingTo(BigDecimal.ZERO);
        for (int i = 0; i < starts.size(); i++) {
            assertThat(lengths.get(i)).as("length of interval %d", i).isPositive();
            if (i + 1 < starts.size()) {
                assertThat(starts.get(i).add(lengths.get(i))).as("end of interval %d", i)
                        .isEqualByComparingTo(starts.get(i + 1));
            }
        }
        assertThat(end().doubleValue()).as("the last interval's end").isCloseTo(windowSeconds,
                org.assertj.core.data.Offset.offset(0.0005 + 1e-9));
    }

    /** Where the last interval ends, in seconds since the log's start. */
    BigDecimal end() {
        return starts.getLast().add(lengths.getLast());
    }

    /** Every interval's histogram added up. */
    Histogram total() {
        Histogram total = new Histogram(3);
        histograms.forEach(total::add);
        return total;
    }
}
