package showdown.report;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.knowm.xchart.internal.chartpart.Chart;
import showdown.harness.plan.PublishedSeeds;
import showdown.harness.results.PercentilePoint;
import showdown.harness.results.RunResults;
import showdown.harness.results.SustainableThroughput;

/**
 * Writes {@code report.html}: one self-contained file that works offline. Charts are XChart SVG inlined
 * in the page; styles and the table-sorting script are inline too, and a Content-Security-Policy allows
 * nothing else to load or run (the script is allowed by its hash, so even text that escaped escaping
 * could not execute).
 */
public final class HtmlReport {

    private static final String STYLE = """
            body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:1100px;\
            padding:1rem 1.5rem;color:#222;line-height:1.45}
            h1{font-size:1.6rem}h2{margin-top:2.2rem;border-bottom:1px solid #ddd;padding-bottom:.2rem}
            nav a{margin-right:.8rem}
            table{border-collapse:collapse;margin:.6rem 0 1.4rem;font-size:.9rem}
            caption{text-align:left;font-weight:600;padding:.3rem 0}
            th,td{border:1px solid #ddd;padding:.25rem .55rem;text-align:left;vertical-align:top}
            td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
            th{background:#f4f4f4}table.sortable th{cursor:pointer}
            th[aria-sort=ascending]::after{content:" \\25B2"}th[aria-sort=descending]::after{content:" \\25BC"}
            figure{margin:1rem 0}svg.chart{width:100%;height:auto;max-width:880px;display:block}
            figcaption{font-size:.85rem;color:#555}.headline{font-size:1.05rem}.wide{overflow-x:auto}
            """;

    /**
     * Sorts a table by the clicked column: by the cells' data-v numbers when both have one, else by text.
     * Its last line marks the page, so a headless browser test can see that the script ran under the CSP.
     */
    static final String SORT_SCRIPT = """
            document.querySelectorAll('table.sortable th').forEach(function (th) {
              th.addEventListener('click', function () {
                var table = th.closest('table'), body = table.tBodies[0], col = th.cellIndex;
                var asc = th.getAttribute('aria-sort') !== 'ascending';
                table.querySelectorAll('th').forEach(function (h) { h.removeAttribute('aria-sort'); });
                th.setAttribute('aria-sort', asc ? 'ascending' : 'descending');
                var rows = Array.prototype.slice.call(body.rows);
                rows.sort(function (a, b) {
                  var x = parseFloat(a.cells[col].getAttribute('data-v'));
                  var y = parseFloat(b.cells[col].getAttribute('data-v'));
                  if (isNaN(x) !== isNaN(y)) { return isNaN(x) ? 1 : -1; }
                  var c = isNaN(x) ? a.cells[col].textContent.localeCompare(b.cells[col].textContent) : x - y;
                  return asc ? c : -c;
                });
                rows.forEach(function (r) { body.appendChild(r); });
              });
            });
            document.documentElement.setAttribute('data-tables', 'sortable');
            """;

    private static final double MICROS_PER_MILLI = 1_000.0;

    private final RunResults run;
    private final Summaries summaries;
    private final List<Reproduction> reproductions;
    private final Map<String, String> seriesNames;
    private int chartCount;

    private HtmlReport(RunResults run, PublishedSeeds published, String reference) {
        this.run = run;
        this.summaries = new Summaries(run);
        this.reproductions = Reproduction.forRun(summaries, published, reference);
        this.seriesNames = seriesNames();
    }

    /** A run on its own, without the seeds' published tables (so without reproduction sections). */
    public static String render(RunResults run) {
        return render(run, PublishedSeeds.NONE, null);
    }

    /**
     * @param published the seeds' published tables, for the reproduction sections
     * @param reference the target to normalise to ({@code --reference}), or null for each seed's default
     */
    public static String render(RunResults run, PublishedSeeds published, String reference) {
        return new HtmlReport(run, published, reference).page();
    }

    private String page() {
        List<Section> sections = new ArrayList<>(new ReportTables(summaries, reproductions).sections());
        Section details = sections.remove(sections.size() - 1);
        StringBuilder body = new StringBuilder(headlineSection());
        for (Section s : sections) {
            body.append(section(s));
        }
        body.append(spectraSection());
        body.append(cpuSection());
        body.append(section(details));

        String title = "Showdown report: run " + run.runId();
        StringBuilder html = new StringBuilder(256 * 1024);
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; ")
                .append("style-src 'unsafe-inline'; script-src '").append(scriptHash()).append("'\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(Html.escape(title)).append("</title>\n")
                .append("<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n")
                .append("<header>\n<h1>").append(Html.escape(title)).append("</h1>\n")
                .append("<p class=\"headline\">").append(Html.escape(MarkdownReport.headline(run))).append("</p>\n")
                .append(nav(sections, details)).append("</header>\n")
                .append(body)
                .append("<script>\n").append(SORT_SCRIPT).append("</script>\n</body>\n</html>\n");
        return html.toString();
    }

    private String nav(List<Section> sections, Section details) {
        StringBuilder nav = new StringBuilder("<nav><a href=\"#" + Headline.ID + "\">" + Headline.HEADING + "</a>");
        for (Section s : sections) {
            nav.append("<a href=\"#").append(s.id()).append("\">").append(Html.escape(shortName(s))).append("</a>");
        }
        nav.append("<a href=\"#spectra\">Latency spectra</a><a href=\"#cpu\">CPU per request</a>");
        nav.append("<a href=\"#").append(details.id()).append("\">All cases</a></nav>\n");
        return nav.toString();
    }

    private static String shortName(Section s) {
        return s.scenario() != null ? s.scenario() : s.heading();
    }

    private String section(Section s) {
        StringBuilder sb = new StringBuilder();
        sb.append("<section id=\"").append(s.id()).append("\">\n<h2>").append(Html.escape(s.heading())).append("</h2>\n");
        if (!s.intro().isEmpty()) {
            sb.append("<p>").append(Html.escape(s.intro())).append("</p>\n");
        }
        if (s.scenario() != null) {
            sb.append(scenarioCharts(s.scenario()));
        }
        for (Reproduction r : reproductions) {
            if (ReproductionSections.id(r).equals(s.id())) {
                sb.append(reproductionCharts(r));
            }
        }
        for (Table t : s.tables()) {
            sb.append(table(t));
        }
        return sb.append("</section>\n").toString();
    }

    /** What the page opens with: per scenario, the ranked targets as bars with their intervals, the table beside. */
    private String headlineSection() {
        Headline headline = new Headline(summaries);
        Section s = headline.section();
        StringBuilder sb = new StringBuilder();
        sb.append("<section id=\"").append(s.id()).append("\">\n<h2>").append(Html.escape(s.heading())).append("</h2>\n")
                .append("<p>").append(Html.escape(s.intro())).append("</p>\n");
        for (Headline.Ranking r : headline.rankings()) {
            sb.append(latencyVsRate(r));
        }
        for (Headline.Ranking r : headline.rankings()) {
            List<String> labels = new ArrayList<>();
            List<Double> values = new ArrayList<>();
            List<Double> errors = new ArrayList<>();
            for (Headline.Entry e : r.entries()) {
                labels.add(seriesNames.get(e.target()));
                values.add(e.figure().measured() ? e.figure().median() : null);
                errors.add(halfWidth(e.figure()));
            }
            // A knee's bracket is lopsided (the answer is its low end): the table gives it, no bar draws it.
            boolean searched = !r.figure().equals(Headline.FIGURE);
            sb.append(figure(Charts.bars(r.title(), r.figure(), labels, Map.of(r.figure(), values),
                            searched ? Map.of() : Map.of(r.figure(), errors)), r.title(), searched
                            ? "Best first: the median of the repetitions; the table gives the rates each knee lies between."
                            + " Higher is better."
                            : "Best first: the median of the repetitions, with the 95 % confidence interval. Higher is better."));
            sb.append(table(Headline.table(r)));
        }
        return sb.append("</section>\n").toString();
    }

    /**
     * For a scenario whose main case was searched: each target's steps at every latency target,
     * latency against achieved rate, one chart per quantile judged with a line for each target value.
     */
    private String latencyVsRate(Headline.Ranking r) {
        Map<String, List<SustainableThroughput>> byQuantile = new LinkedHashMap<>();
        Map<String, List<SustainableThroughput>> byTarget = new LinkedHashMap<>();
        for (Headline.Entry e : r.entries()) {
            Summary s = summaries.get(e.target(), r.scenario(), r.request(), r.connections()).orElse(null);
            if (s != null) {
                for (String slo : s.slos()) {
                    SustainableThroughput search = s.search(slo);
                    byQuantile.computeIfAbsent(search.quantile(), q -> new ArrayList<>()).add(search);
                    byTarget.computeIfAbsent(e.target(), t -> new ArrayList<>()).add(search);
                }
            }
        }
        StringBuilder sb = new StringBuilder();
        byQuantile.forEach((quantile, all) -> {
            Map<String, List<Charts.RatePoint>> steps = new LinkedHashMap<>();
            Map<String, List<Charts.RatePoint>> knees = new LinkedHashMap<>();
            Map<String, Double> limits = new LinkedHashMap<>();
            byTarget.forEach((target, searches) -> {
                String name = seriesNames.get(target);
                for (SustainableThroughput search : searches) {
                    if (!search.quantile().equals(quantile)) {
                        continue;
                    }
                    limits.put(search.slo(), search.limitMicros() / MICROS_PER_MILLI);
                    for (SustainableThroughput.SearchStep st : search.steps()) {
                        Charts.RatePoint p = new Charts.RatePoint(st.achievedRequestsPerSecond(),
                                st.p50Micros() / MICROS_PER_MILLI, st.quantileMicros() / MICROS_PER_MILLI);
                        steps.computeIfAbsent(name, n -> new ArrayList<>()).add(p);
                    }
                    search.steps().stream()
                            .filter(st -> st.rate() == search.requestsPerSecond() && search.requestsPerSecond() > 0)
                            .reduce((a, z) -> z) // the last window at the answer's rate
                            .ifPresent(st -> knees.computeIfAbsent(name, n -> new ArrayList<>()).add(new Charts.RatePoint(
                                    st.achievedRequestsPerSecond(), st.p50Micros() / MICROS_PER_MILLI,
                                    st.quantileMicros() / MICROS_PER_MILLI)));
                }
            });
            String title = r.scenario() + ": " + r.request() + ", latency against rate";
            sb.append(figure(Charts.latencyVsRate(title, quantile, limits, steps, knees), title,
                    "Every step of each target's searches: " + quantile + " (solid) and p50 (dashed) against the rate"
                            + " answered; a grey dotted line for each latency target (" + String.join(", ", limits.keySet())
                            + "); a square marks each target's knee at each, the step at its answer."));
        });
        return sb.toString();
    }

    static String table(Table t) {
        // The wrapper scrolls a wide table sideways instead of widening the whole page.
        StringBuilder sb = new StringBuilder("<div class=\"wide\">\n<table class=\"sortable\">\n");
        if (!t.caption().isEmpty()) {
            sb.append("<caption>").append(Html.escape(t.caption())).append("</caption>\n");
        }
        sb.append("<thead><tr>");
        for (String h : t.headers()) {
            sb.append("<th scope=\"col\">").append(Html.escape(h)).append("</th>");
        }
        sb.append("</tr></thead>\n<tbody>\n");
        for (List<Table.Cell> row : t.rows()) {
            sb.append("<tr>");
            for (Table.Cell c : row) {
                if (Double.isNaN(c.sortValue())) {
                    sb.append("<td>");
                } else {
                    sb.append("<td class=\"num\" data-v=\"").append(c.sortValue()).append("\">");
                }
                sb.append(Html.escape(c.text())).append("</td>");
            }
            sb.append("</tr>\n");
        }
        return sb.append("</tbody>\n</table>\n</div>\n").toString();
    }

    /** The charts above a scenario's tables: lines against concurrency for mist, bars elsewhere. */
    private String scenarioCharts(String scenario) {
        StringBuilder sb = new StringBuilder();
        List<String> targets = summaries.targets(scenario);
        if (scenario.equals(Scenarios.MIST)) {
            for (String request : summaries.requests(scenario)) {
                Map<String, Map<Integer, Double>> series = new LinkedHashMap<>();
                for (String target : targets) {
                    Map<Integer, Double> points = new LinkedHashMap<>();
                    for (int c : summaries.connections(scenario, request)) {
                        points.put(c, median(summaries.get(target, scenario, request, c), Summary::requestsPerSecond));
                    }
                    series.put(seriesNames.get(target), points);
                }
                String title = request + ": requests per second by concurrency";
                sb.append(figure(Charts.rateVsConcurrency(title, series), title,
                        "Median of the repetitions; the table below gives the spread."));
            }
        } else if (scenario.equals(Scenarios.PHOENIX_SHOWDOWN)) {
            for (String request : summaries.requests(scenario)) {
                for (int c : summaries.connections(scenario, request)) {
                    List<String> labels = new ArrayList<>();
                    List<Double> values = new ArrayList<>();
                    List<Double> errors = new ArrayList<>();
                    for (String target : targets) {
                        labels.add(seriesNames.get(target));
                        values.add(median(summaries.get(target, scenario, request, c), Summary::requestsPerSecond));
                        errors.add(halfWidth(summaries.get(target, scenario, request, c), Summary::requestsPerSecond));
                    }
                    String title = request + ", " + Format.connections(c) + ": throughput";
                    sb.append(figure(Charts.bars(title, "requests per second", labels, Map.of("req/s", values),
                                    Map.of("req/s", errors)),
                            title, "Median of the repetitions, with the 95 % confidence interval. Higher is better."));
                }
            }
        } else {
            for (int c : summaries.connections(scenario)) {
                List<String> requests = summaries.requests(scenario);
                Map<String, List<Double>> series = new LinkedHashMap<>();
                Map<String, List<Double>> errors = new LinkedHashMap<>();
                for (String target : targets) {
                    List<Double> values = new ArrayList<>();
                    List<Double> halfWidths = new ArrayList<>();
                    for (String request : requests) {
                        values.add(median(summaries.get(target, scenario, request, c), Summary::requestsPerSecond));
                        halfWidths.add(halfWidth(summaries.get(target, scenario, request, c), Summary::requestsPerSecond));
                    }
                    series.put(seriesNames.get(target), values);
                    errors.put(seriesNames.get(target), halfWidths);
                }
                String title = scenario + ", " + Format.connections(c) + ": requests per second";
                sb.append(figure(Charts.bars(title, "requests per second", requests, series, errors), title,
                        "Median of the repetitions, with the 95 % confidence interval. Higher is better."));
            }
        }
        return sb.toString();
    }

    /**
     * For a seed that swept concurrency (mist), its main chart: req/s against concurrency, the seed's
     * curves beside this run's, each side scaled so that the reference's figure at the highest
     * concurrency the run measured it is 1. The shapes can then be compared across machines.
     */
    private String reproductionCharts(Reproduction r) {
        StringBuilder sb = new StringBuilder();
        for (String request : r.sweptRequests()) {
            int at = r.scaleLevel(request);
            String title = request + ": the seed's curves (dashed) beside this run's";
            String axis = "req/s ÷ " + r.reference().name() + " at " + Format.connections(at);
            sb.append(figure(Charts.seedBesideRun(title, axis, r.curves(request, true), r.curves(request, false)), title,
                    "Each side divided by " + r.reference().name() + "'s req/s at " + Format.connections(at)
                            + " on its own machine, so the curves' shapes compare; medians of the repetitions here."));
        }
        return sb.toString();
    }

    /** One spectrum chart per request, at its highest connection level. */
    private String spectraSection() {
        StringBuilder sb = new StringBuilder("<section id=\"spectra\">\n<h2>Latency spectra</h2>\n<p>")
                .append(Html.escape("Latency by percentile, HdrHistogram style: the x axis is 1/(1-p) on a log scale, so each "
                        + "added nine (90 %, 99 %, 99.9 %) gets the same width, and both axes are logarithmic. "
                        + "One chart per request, at its highest connection level, from the repetition with "
                        + "the median req/s."))
                .append("</p>\n");
        for (String scenario : summaries.scenarios()) {
            for (String request : summaries.requests(scenario)) {
                List<Integer> levels = summaries.connections(scenario, request);
                int c = levels.get(levels.size() - 1);
                Map<String, List<PercentilePoint>> spectra = new LinkedHashMap<>();
                for (String target : summaries.targets(scenario)) {
                    summaries.get(target, scenario, request, c).map(s -> supported(s.representative()))
                            .filter(points -> !points.isEmpty())
                            .ifPresent(points -> spectra.put(seriesNames.get(target), points));
                }
                if (!spectra.isEmpty()) {
                    String title = scenario + " " + request + ", " + Format.connections(c) + ": latency by percentile";
                    sb.append(figure(Charts.spectrum(title, spectra), title, "Lower is better."));
                }
            }
        }
        return sb.append("</section>\n").toString();
    }

    /** Server CPU time per request, one chart per scenario, each request at its highest connection level. */
    private String cpuSection() {
        StringBuilder sb = new StringBuilder("<section id=\"cpu\">\n<h2>Server CPU per request</h2>\n<p>")
                .append(Html.escape("CPU-µs per request: the server process tree's user + system CPU time in "
                        + "the measured window divided by the requests it answered. It varies less than req/s "
                        + "on a shared machine. Lower is better. Each request at its highest connection level."))
                .append("</p>\n");
        boolean any = false;
        for (String scenario : summaries.scenarios()) {
            List<String> requests = summaries.requests(scenario);
            Map<String, List<Double>> series = new LinkedHashMap<>();
            boolean measured = false;
            for (String target : summaries.targets(scenario)) {
                List<Double> values = new ArrayList<>();
                for (String request : requests) {
                    List<Integer> levels = summaries.connections(scenario, request);
                    Double v = median(summaries.get(target, scenario, request, levels.get(levels.size() - 1)),
                            Summary::serverCpuMicrosPerRequest);
                    measured |= v != null;
                    values.add(v);
                }
                series.put(seriesNames.get(target), values);
            }
            if (measured) {
                any = true;
                String title = scenario + ": server CPU-µs per request";
                sb.append(figure(Charts.bars(title, "CPU-µs per request", requests, series), title,
                        "Median of the repetitions. Lower is better."));
            }
        }
        if (!any) {
            sb.append("<p>").append(Html.escape("The server's CPU time was not measured in this run.")).append("</p>\n");
        }
        return sb.append("</section>\n").toString();
    }

    /**
     * The spectrum points the case's sample count supports: with n requests, percentiles beyond
     * 1 - 1/n hold no more than the maximum, so a flat line out to 99.999 % would only look like data.
     */
    static List<PercentilePoint> supported(showdown.harness.results.CaseResult c) {
        return c.spectrum().stream()
                .filter(p -> p.percentile() < 100 && 100 / (100 - p.percentile()) <= Math.max(c.requests(), 1))
                .toList();
    }

    private String figure(Chart<?, ?> chart, String title, String caption) {
        String svg = SvgInliner.inline(chart, "c" + (++chartCount), title);
        return "<figure>\n" + svg + "\n<figcaption>" + Html.escape(caption) + "</figcaption>\n</figure>\n";
    }

    /** Half the confidence interval's width, for an error bar; null without an interval. */
    private static Double halfWidth(Optional<Summary> s, java.util.function.Function<Summary, Spread> figure) {
        return s.map(figure).map(HtmlReport::halfWidth).orElse(null);
    }

    private static Double halfWidth(Spread s) {
        return s.ci() == null || Double.isNaN(s.ci().low()) ? null : (s.ci().high() - s.ci().low()) / 2;
    }

    private static Double median(Optional<Summary> s, java.util.function.Function<Summary, Spread> figure) {
        return s.map(figure).filter(Spread::measured).map(Spread::median).orElse(null);
    }

    /** XChart needs unique series names; two targets may share a display name, so the id tells them apart. */
    private Map<String, String> seriesNames() {
        Map<String, Integer> uses = new HashMap<>();
        List<String> all = new ArrayList<>();
        run.targets().forEach(t -> all.add(t.name()));
        run.cases().forEach(c -> {
            if (!all.contains(c.target())) {
                all.add(c.target());
            }
        });
        all.forEach(t -> uses.merge(summaries.label(t), 1, Integer::sum));
        Map<String, String> names = new HashMap<>();
        for (String t : all) {
            String label = summaries.label(t);
            names.put(t, uses.get(label) > 1 ? label + " (" + t + ")" : label);
        }
        return names;
    }

    /** The CSP source that allows exactly {@link #SORT_SCRIPT} and no other script. */
    static String scriptHash() {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(("\n" + SORT_SCRIPT).getBytes(StandardCharsets.UTF_8));
            return "sha256-" + Base64.getEncoder().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
