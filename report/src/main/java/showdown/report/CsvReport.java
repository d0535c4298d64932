package showdown.report;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import showdown.harness.results.CaseResult;
import showdown.harness.results.GeneratorMetrics;
import showdown.harness.results.RunResults;
import showdown.harness.results.ServerMetrics;
import showdown.harness.results.SustainableThroughput;

/**
 * Writes {@code results.csv}: one row per measured case (every repetition), a header row, RFC 4180
 * quoting, CRLF line ends. Units are in the column names. Unmeasured values are empty cells.
 */
public final class CsvReport {

    public static final List<String> HEADER = List.of(
            "target", "display", "scenario", "request", "method", "path", "connections", "threads", "pipeline",
            "repetition", "duration_s", "requests", "requests_per_s", "bytes_read",
            "latency_avg_us", "latency_stdev_us", "latency_max_us", "latency_p50_us", "latency_p75_us",
            "latency_p90_us", "latency_p99_us", "latency_p99_9_us", "latency_p99_99_us",
            "errors_connect", "errors_read", "errors_write", "errors_timeout", "errors_status", "errors_protocol",
            "status_counts",
            "server_cpu_user_s", "server_cpu_sys_s", "server_cpu_us_per_request", "server_peak_rss_bytes",
            "server_avg_rss_bytes",
            "generator_cpu_s", "generator_cpu_us_per_request", "generator_saturated", "finished_at",
            // schema 1.3, appended so that the columns before keep their places
            "protocol", "rate_per_s", "rate_of_capacity_percent",
            // schema 1.8: a search case's sustainable throughput, the rates its knee lies between, its limit
            "sustainable_per_s", "sustainable_low_per_s", "sustainable_high_per_s", "sustainable_limit",
            // schema 2: a case searched at several latency targets has each column's values in search
            // order, separated by ';', and this column names the targets in the same order
            "sustainable_slo");

    private static final String CRLF = "\r\n";

    private CsvReport() {
    }

    public static String render(RunResults run) {
        Summaries summaries = new Summaries(run);
        StringBuilder csv = new StringBuilder();
        csv.append(line(HEADER));
        for (CaseResult c : run.cases()) {
            csv.append(line(row(c, summaries.label(c.target()))));
        }
        return csv.toString();
    }

    static List<String> row(CaseResult c, String display) {
        ServerMetrics s = c.server();
        GeneratorMetrics g = c.generator();
        List<String> r = new ArrayList<>(HEADER.size());
        r.add(c.target());
        r.add(display);
        r.add(c.scenario());
        r.add(c.request());
        r.add(c.method());
        r.add(c.path());
        r.add(String.valueOf(c.connections()));
        r.add(String.valueOf(c.threads()));
        r.add(String.valueOf(c.pipeline()));
        r.add(String.valueOf(c.repetition()));
        r.add(number(c.durationSeconds()));
        r.add(String.valueOf(c.requests()));
        r.add(number(c.requestsPerSecond()));
        r.add(String.valueOf(c.bytesRead()));
        var l = c.latency();
        r.add(number(l.avgMicros()));
        r.add(number(l.stdevMicros()));
        r.add(number(l.maxMicros()));
        r.add(number(l.p50Micros()));
        r.add(number(l.p75Micros()));
        r.add(number(l.p90Micros()));
        r.add(number(l.p99Micros()));
        r.add(number(l.p999Micros()));
        r.add(number(l.p9999Micros()));
        var e = c.errors();
        r.add(String.valueOf(e.connect()));
        r.add(String.valueOf(e.read()));
        r.add(String.valueOf(e.write()));
        r.add(String.valueOf(e.timeout()));
        r.add(String.valueOf(e.status()));
        r.add(String.valueOf(e.protocol()));
        r.add(c.statusCounts().entrySet().stream().map(x -> x.getKey() + ":" + x.getValue())
                .collect(Collectors.joining(";")));
        r.add(number(s.cpuUserSeconds()));
        r.add(number(s.cpuSystemSeconds()));
        r.add(number(s.cpuMicrosPerRequest()));
        r.add(number(s.peakRssBytes()));
        r.add(number(s.averageRssBytes()));
        r.add(g == null ? "" : number(g.cpuSeconds()));
        r.add(g == null ? "" : number(g.cpuMicrosPerRequest()));
        r.add(g == null ? "" : String.valueOf(g.saturated()));
        r.add(c.finishedAt() == null ? "" : c.finishedAt());
        r.add(c.protocol());
        r.add(number(c.rate()));
        r.add(number(c.rateOfCapacityPercent()));
        List<SustainableThroughput> found = c.sustainable();
        r.add(each(found, f -> number(f.requestsPerSecond())));
        r.add(each(found, f -> number(f.interval().low())));
        r.add(each(found, f -> number(f.interval().high())));
        r.add(each(found, SustainableThroughput::limit));
        r.add(each(found, SustainableThroughput::slo));
        return r;
    }

    /** One text per latency target searched, in search order, separated by ';'; empty for any other case. */
    private static String each(List<SustainableThroughput> found, java.util.function.Function<SustainableThroughput, String> text) {
        return found.stream().map(text).collect(Collectors.joining(";"));
    }

    /** Plain decimal notation (never 1.0E7), at most 3 decimals, no trailing zeros; null is empty. */
    static String number(Number n) {
        if (n == null) {
            return "";
        }
        if (n instanceof Long || n instanceof Integer) {
            return n.toString();
        }
        double d = n.doubleValue();
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return "";
        }
        BigDecimal b = BigDecimal.valueOf(d).setScale(3, java.math.RoundingMode.HALF_UP).stripTrailingZeros();
        return b.scale() < 0 ? b.setScale(0).toPlainString() : b.toPlainString();
    }

    static String line(List<String> fields) {
        return fields.stream().map(CsvReport::quote).collect(Collectors.joining(",")) + CRLF;
    }

    /** RFC 4180: quote a field holding a comma, a quote or a line break, doubling its quotes. */
    static String quote(String field) {
        if (field == null) {
            return "";
        }
        if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0 && field.indexOf('\r') < 0) {
            return field;
        }
        return '"' + field.replace("\"", "\"\"") + '"';
    }
}
