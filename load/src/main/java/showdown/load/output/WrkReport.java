package showdown.load.output;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;
import showdown.load.Arrival;
import showdown.load.ConnectionStats;
import showdown.load.ErrorCounts;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.PacingSummary;
import showdown.load.QuicSummary;
import showdown.load.TlsSummary;
import showdown.load.Units;
import showdown.load.WarmupSummary;
import showdown.load.warmup.CompilerQuiet;
import showdown.load.stats.LatencyStats;

/**
 * Prints a {@link LoadResult} in wrk's layout, column for column, so that people who read the seed
 * benchmarks' wrk output read ours the same way. Additions (the percentile table's tail, protocol
 * errors, the open model's uncorrected latency) only appear where they apply.
 */
public final class WrkReport {

    /** The percentiles of {@code --latency}: wrk's four, plus the tail. */
    public static final double[] PERCENTILES = {50, 75, 90, 99, 99.9, 99.99};

    private WrkReport() {
    }

    public static void printHeader(LoadSpec spec, PrintStream out) {
        String what = spec.duration() != null ? time(spec.duration()) : spec.requests() + " requests";
        String urls = spec.urls().stream().map(Object::toString).collect(Collectors.joining(", "));
        out.printf(Locale.ROOT, "Running %s test @ %s%n", what, urls);
        out.printf(Locale.ROOT, "  %d threads and %d connections%n", spec.threads(), spec.connections());
        StringBuilder extras = new StringBuilder();
        if (spec.http3()) {
            extras.append(", HTTP/3 over QUIC, ").append(spec.pipelineDepth()).append(spec.pipelineDepth() == 1 ? " stream" : " streams")
                    .append(" per connection");
        } else if (spec.http2()) {
            extras.append(spec.secure() ? ", HTTP/2 over TLS, " : ", HTTP/2 (h2c), ").append(spec.pipelineDepth()).append(spec.pipelineDepth() == 1 ? " stream" : " streams")
                    .append(" per connection");
        } else if (spec.pipelineDepth() > 1) {
            extras.append(", pipeline ").append(spec.pipelineDepth());
        }
        if (spec.openModel()) {
            extras.append(String.format(Locale.ROOT, ", open model at %.0f requests/sec", spec.ratePerSecond()));
            if (spec.arrival().process() == Arrival.Process.POISSON) {
                extras.append(", Poisson arrivals (seed ").append(spec.arrival().seed()).append(')');
            }
        }
        if (!spec.keepAlive()) {
            extras.append(", one request per connection");
        }
        if (spec.earlyData()) {
            extras.append(", 0-RTT on resumed connections");
        }
        if (spec.countBounded() && spec.duration() != null) {
            extras.append(", at most ").append(spec.requests()).append(" requests");
        }
        if (!spec.warmup().isZero()) {
            extras.append(", after a ").append(time(spec.warmup())).append(" warm-up");
        }
        if (!extras.isEmpty()) {
            out.println("  " + extras.substring(2));
        }
    }

    /** Whole seconds as wrk prints them ("30s", "2m"); a fraction as a measured time ("2.50s", "500.00ms"). */
    private static String time(Duration d) {
        return d.toNanos() % 1_000_000_000L == 0 ? Units.timeSeconds(d.toSeconds()) : Units.timeMicros(d.toNanos() / 1e3);
    }

    /**
     * One line on a warm-up judged by the generator's compilers (its length, and whether they were
     * quiet), or null for a fixed warm-up or none, which the header states.
     */
    public static String warmupLine(WarmupSummary w) {
        if (w.until() != WarmupSummary.Until.COMPILER_QUIET) {
            return null;
        }
        String length = String.format(Locale.ROOT, "Warm-up: %.1f s, ", w.seconds());
        if (w.state() == null) {
            return length + "stopped before the generator's compiler was quiet";
        }
        if (w.state() == CompilerQuiet.State.STEADY) {
            return length + "until the generator's compiler was quiet";
        }
        return length + "the generator's compiler not quiet after it: the pacing error may include compilation";
    }

    public static void printResult(LoadResult r, boolean latencyTable, PrintStream out) {
        out.printf("  Thread Stats%6s%11s%8s%12s%n", "Avg", "Stdev", "Max", "+/- Stdev");
        statsRow(out, "Latency", LatencyStats.of(r.latency()), 1e-3, true);
        statsRow(out, "Req/Sec", LatencyStats.of(r.threadRequestsPerSecond()), 1, false);
        if (latencyTable) {
            distribution(out, r.uncorrectedLatency() == null ? "Latency Distribution"
                    : "Latency Distribution (corrected for coordinated omission)", r.latency());
            if (r.uncorrectedLatency() != null) {
                distribution(out, "Uncorrected Latency Distribution (from the actual send time)", r.uncorrectedLatency());
            }
        }
        if (r.pacing() != null) {
            pacing(out, r.pacing(), r.latency());
        }
        out.printf(Locale.ROOT, "  %d requests in %s, %sB read%n", r.requests(),
                Units.timeMicros(r.durationNanos() / 1e3), Units.binary(r.bytesRead()));
        ErrorCounts e = r.errors();
        if (e.socketErrors() > 0) {
            out.printf(Locale.ROOT, "  Socket errors: connect %d, read %d, write %d, timeout %d%s%n",
                    e.connect(), e.read(), e.write(), e.timeout(),
                    e.protocol() > 0 ? ", protocol " + e.protocol() : "");
        }
        if (e.status() > 0) {
            out.printf(Locale.ROOT, "  Non-2xx or 3xx responses: %d%n", e.status());
        }
        out.printf(Locale.ROOT, "Requests/sec: %9.2f%n", r.requestsPerSecond());
        out.printf(Locale.ROOT, "Transfer/sec: %10sB%n", Units.binary(r.bytesReadPerSecond()));
        connections(r, out);
    }

    /**
     * The open model's own lateness, beside the latency it is part of: every latency is timed from
     * the request's due time, so a generator that sends late adds its lateness to the server's.
     */
    private static void pacing(PrintStream out, PacingSummary p, Histogram latency) {
        Histogram late = p.lateness();
        out.printf(Locale.ROOT, "  Pacing error (sent after due): p50 %s, p99 %s, max %s%s%n",
                micros(late.getValueAtPercentile(50)), micros(late.getValueAtPercentile(99)), micros(late.getMaxValue()),
                p.timerSlack() == null ? "" : " (" + p.timerSlack().describe() + ")");
        if (p.notable(latency)) {
            out.println("    its p99 is over a tenth of the latency's p99: the generator's lateness is part of that latency");
        }
        if (p.connectionBound()) {
            out.printf(Locale.ROOT, "  Waited for a connection: %d requests, p99 %s%s%n", p.blocked(),
                    micros(p.waited().getValueAtPercentile(99)), p.unsent() > 0 ? ", " + p.unsent() + " never sent" : "");
        }
    }

    private static String micros(long nanos) {
        return Units.timeMicros(nanos / 1e3);
    }

    /**
     * After wrk's lines: what TLS negotiated (as h2load prints it), the window's handshakes and
     * failures by kind (the first sockets' handshakes end before the clock starts); and without
     * keep-alive, the connection rate and how long a connection took to set up.
     */
    private static void connections(LoadResult r, PrintStream out) {
        ConnectionStats c = r.connections();
        TlsSummary tls = c.tls();
        if (tls != null) {
            out.printf(Locale.ROOT, "TLS: %s, %s, ALPN %s (engine %s)%n", orNone(tls.version()), orNone(tls.cipher()),
                    orNone(tls.applicationProtocol()), tls.engine());
            out.printf(Locale.ROOT, "  %d handshakes in the window, %s resumed; failed: handshake %d, certificate %d, not TLS %d%n",
                    tls.handshakes(), tls.resumed() < 0 ? "unknown" : Long.toString(tls.resumed()), tls.handshakeFailures(),
                    tls.certificateFailures(), tls.notTlsFailures());
        }
        QuicSummary quic = c.quic();
        if (quic != null) {
            StringBuilder closes = new StringBuilder();
            quic.closes().forEach((code, n) -> closes.append(closes.isEmpty() ? " (" : ", ").append(code).append(": ").append(n));
            out.printf(Locale.ROOT, "QUIC errors: no answer %d, stream resets %d, connections closed by the server %d%s%n",
                    quic.noAnswer(), quic.streamResets(), quic.closed(), closes.isEmpty() ? "" : closes.append(')'));
            if (r.spec().earlyData()) {
                QuicSummary.EarlyData early = quic.earlyData();
                out.printf(Locale.ROOT, "0-RTT: %d requests sent as early data, %d accepted, %d rejected%n",
                        early.sent(), early.accepted(), early.rejected());
            }
        }
        if (!r.spec().keepAlive()) {
            Histogram setup = c.setupLatency();
            out.printf(Locale.ROOT, "Connections/sec: %6.2f  (setup%s p50 %s, p99 %s)%n", r.connectionsPerSecond(),
                    tls != null ? " with TLS handshake" : "", Units.timeMicros(setup.getValueAtPercentile(50) / 1e3),
                    Units.timeMicros(setup.getValueAtPercentile(99) / 1e3));
        }
    }

    private static String orNone(String s) {
        return s == null ? "none" : s;
    }

    private static void statsRow(PrintStream out, String name, LatencyStats s, double scale, boolean time) {
        out.printf(Locale.ROOT, "    %-10s", name);
        units(out, format(s.mean() * scale, time), 8);
        units(out, format(s.stdev() * scale, time), 10);
        units(out, format(s.max() * scale, time), 9);
        out.printf(Locale.ROOT, "%8.2f%%%n", s.withinStdevPercent());
    }

    private static void distribution(PrintStream out, String title, Histogram h) {
        out.println("  " + title);
        for (double p : PERCENTILES) {
            String label = p == Math.rint(p) ? String.format(Locale.ROOT, "%.0f%%", p) : String.format(Locale.ROOT, "%s%%", p);
            out.printf(Locale.ROOT, "%8s", label);
            units(out, Units.timeMicros(h.getValueAtPercentile(p) / 1e3), 10);
            out.println();
        }
        out.printf(Locale.ROOT, "%8s", "max");
        units(out, Units.timeMicros(h.getMaxValue() / 1e3), 10);
        out.println();
    }

    private static String format(double value, boolean time) {
        return time ? Units.timeMicros(value) : Units.metric(value);
    }

    /** wrk's {@code print_units}: right-aligned, with the unit letters hanging into the padding. */
    private static void units(PrintStream out, String msg, int width) {
        int len = msg.length();
        int pad = 2;
        if (len >= 1 && Character.isLetter(msg.charAt(len - 1))) {
            pad--;
        }
        if (len >= 2 && Character.isLetter(msg.charAt(len - 2))) {
            pad--;
        }
        int w = width - pad;
        String shown = msg.length() > w ? msg.substring(0, w) : msg;
        out.print(" ".repeat(w - shown.length()) + shown + " ".repeat(pad));
    }
}
