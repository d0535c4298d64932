package showdown.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;
import showdown.harness.results.PercentilePoint;

/**
 * Builds the report's charts with XChart. Each method returns a chart ready for {@link SvgInliner};
 * nothing here draws by hand. Series values may be null where a target has no measurement.
 */
final class Charts {

    static final int WIDTH_PX = 880;
    static final int HEIGHT_PX = 440;

    /**
     * The spectrum's x axis is log10(1/(1-p)): 0 is the 0th percentile, 1 the 90th, 2 the 99th and so
     * on, so every "nine" gets the same width (HdrHistogram's percentile plot).
     */
    private static final double PERCENT = 100.0;

    /** Tick values come from summing steps in floating point; this close to a whole number counts as one. */
    private static final double DECADE_TOLERANCE = 1e-6;

    static {
        // XChart draws through AWT; reports are written on servers and in CI, without a display.
        // Set before any AWT class initialises, which happens in this class's methods at the earliest.
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private Charts() {
    }

    /** Requests per second against concurrency, one line per framework (the mist seed's chart). */
    static XYChart rateVsConcurrency(String title, Map<String, Map<Integer, Double>> seriesByFramework) {
        XYChart chart = new XYChartBuilder().width(WIDTH_PX).height(HEIGHT_PX).title(title)
                .xAxisTitle("concurrency (connections)").yAxisTitle("requests per second").build();
        style(chart.getStyler());
        chart.getStyler().setXAxisDecimalPattern("0").setYAxisDecimalPattern("#,##0").setYAxisMin(0.0);
        seriesByFramework.forEach((name, points) -> {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            points.forEach((c, rate) -> {
                if (rate != null) {
                    xs.add((double) c);
                    ys.add(rate);
                }
            });
            if (!xs.isEmpty()) {
                XYSeries s = chart.addSeries(name, xs, ys);
                s.setMarker(SeriesMarkers.CIRCLE);
            }
        });
        return chart;
    }

    /**
     * A seed's curves beside the run's: for each framework, the seed's points as a dashed line and the
     * run's as a solid one in the same colour, so a reader sees at once where a shape carried over.
     * Values are already scaled (unitless), with {@code yAxisTitle} saying to what.
     */
    static XYChart seedBesideRun(String title, String yAxisTitle, Map<String, Map<Integer, Double>> seed,
                                 Map<String, Map<Integer, Double>> run) {
        XYChart chart = new XYChartBuilder().width(WIDTH_PX).height(HEIGHT_PX).title(title)
                .xAxisTitle("concurrency (connections)").yAxisTitle(yAxisTitle).build();
        style(chart.getStyler());
        chart.getStyler().setXAxisDecimalPattern("0").setYAxisDecimalPattern("0.00").setYAxisMin(0.0);
        Color[] colors = chart.getStyler().getSeriesColors();
        int i = 0;
        for (String framework : seed.keySet()) {
            Color color = colors[i++ % colors.length];
            addLine(chart, framework + " (seed)", seed.get(framework), color, SeriesLines.DASH_DASH, SeriesMarkers.DIAMOND);
            addLine(chart, framework + " (this run)", run.getOrDefault(framework, Map.of()), color, SeriesLines.SOLID,
                    SeriesMarkers.CIRCLE);
        }
        return chart;
    }

    private static void addLine(XYChart chart, String name, Map<Integer, Double> points, Color color,
                                BasicStroke line, Marker marker) {
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        points.forEach((c, v) -> {
            if (v != null && !v.isNaN()) {
                xs.add((double) c);
                ys.add(v);
            }
        });
        if (!xs.isEmpty()) {
            XYSeries s = chart.addSeries(name, xs, ys);
            s.setLineColor(color);
            s.setMarkerColor(color);
            s.setLineStyle(line);
            s.setMarker(marker);
        }
    }

    /** One step of a search as the latency-vs-rate chart draws it: achieved req/s, p50 and the judged quantile in ms. */
    record RatePoint(double achievedRate, double p50Millis, double quantileMillis) {
    }

    /**
     * Latency against achieved rate from searches' steps: per framework, p50 as a dashed line and the
     * judged quantile as a solid one in the same colour, points in rate order, and its knees (the step
     * at each search's answer) as squares; each latency target, by name, as a grey horizontal line
     * across the chart.
     */
    static XYChart latencyVsRate(String title, String quantile, Map<String, Double> targetMillisByName,
                                 Map<String, List<RatePoint>> stepsByFramework,
                                 Map<String, List<RatePoint>> kneesByFramework) {
        XYChart chart = new XYChartBuilder().width(WIDTH_PX).height(HEIGHT_PX).title(title)
                .xAxisTitle("achieved requests per second").yAxisTitle("latency (ms)").build();
        style(chart.getStyler());
        chart.getStyler().setXAxisDecimalPattern("#,##0").setYAxisMin(0.0);
        Color[] colors = chart.getStyler().getSeriesColors();
        double maxRate = 0;
        int i = 0;
        for (Map.Entry<String, List<RatePoint>> e : stepsByFramework.entrySet()) {
            List<RatePoint> points = e.getValue().stream()
                    .sorted(java.util.Comparator.comparingDouble(RatePoint::achievedRate)).toList();
            if (points.isEmpty()) {
                continue;
            }
            Color color = colors[i++ % colors.length];
            List<Double> xs = points.stream().map(RatePoint::achievedRate).toList();
            maxRate = Math.max(maxRate, xs.get(xs.size() - 1));
            line(chart, e.getKey() + " " + quantile, xs, points.stream().map(RatePoint::quantileMillis).toList(), color,
                    SeriesLines.SOLID, SeriesMarkers.CIRCLE);
            line(chart, e.getKey() + " p50", xs, points.stream().map(RatePoint::p50Millis).toList(), color,
                    SeriesLines.DASH_DASH, SeriesMarkers.DIAMOND);
            List<RatePoint> knees = kneesByFramework.getOrDefault(e.getKey(), List.of());
            if (!knees.isEmpty()) {
                line(chart, e.getKey() + " knee", knees.stream().map(RatePoint::achievedRate).toList(),
                        knees.stream().map(RatePoint::quantileMillis).toList(), color, SeriesLines.NONE, SeriesMarkers.SQUARE);
            }
        }
        if (maxRate > 0) {
            for (Map.Entry<String, Double> t : targetMillisByName.entrySet()) {
                line(chart, t.getKey(), List.of(0.0, maxRate), List.of(t.getValue(), t.getValue()), Color.GRAY,
                        SeriesLines.DOT_DOT, SeriesMarkers.NONE);
            }
        }
        return chart;
    }

    private static void line(XYChart chart, String name, List<Double> xs, List<Double> ys, Color color, BasicStroke stroke,
                             Marker marker) {
        XYSeries s = chart.addSeries(name, xs, ys);
        s.setLineColor(color);
        s.setMarkerColor(color);
        s.setLineStyle(stroke);
        s.setMarker(marker);
    }

    /**
     * Grouped bars: one group per category, one bar per series. A null value leaves its bar out. With a
     * single series (one bar per category), the legend is hidden.
     */
    static CategoryChart bars(String title, String yAxisTitle, List<String> categories,
                              Map<String, List<Double>> valuesBySeries) {
        return bars(title, yAxisTitle, categories, valuesBySeries, Map.of());
    }

    /**
     * As {@link #bars(String, String, List, Map)}, with error bars: each value's confidence
     * interval half-width, by series (a missing series or a null value draws none).
     */
    static CategoryChart bars(String title, String yAxisTitle, List<String> categories,
                              Map<String, List<Double>> valuesBySeries, Map<String, List<Double>> halfWidthsBySeries) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH_PX).height(HEIGHT_PX).title(title)
                .yAxisTitle(yAxisTitle).build();
        style(chart.getStyler());
        chart.getStyler().setOverlapped(false);
        chart.getStyler().setYAxisDecimalPattern("#,##0.#").setYAxisMin(0.0);
        chart.getStyler().setLegendVisible(valuesBySeries.size() > 1);
        boolean errorBars = halfWidthsBySeries.values().stream().flatMap(List::stream).anyMatch(v -> v != null && v > 0);
        chart.getStyler().setErrorBarsColorSeriesColor(true);
        valuesBySeries.forEach((name, values) -> {
            if (errorBars) {
                List<Double> halfWidths = halfWidthsBySeries.getOrDefault(name, List.of());
                List<Double> errors = new ArrayList<>();
                for (int i = 0; i < values.size(); i++) {
                    Double e = i < halfWidths.size() ? halfWidths.get(i) : null;
                    errors.add(e == null || values.get(i) == null ? 0.0 : e);
                }
                chart.addSeries(name, categories, zeroForMissing(values), errors);
            } else {
                chart.addSeries(name, categories, zeroForMissing(values));
            }
        });
        return chart;
    }

    /**
     * Latency by percentile, one line per framework. The x axis is log10(1/(1-p)), drawn linear and
     * labelled in percentiles at whole decades (0 %, 90 %, 99 %, 99.9 %, ...); the y axis is
     * milliseconds on a log scale. (XChart's own log axis ignores a tick label function, hence the
     * explicit log10.)
     */
    static XYChart spectrum(String title, Map<String, List<PercentilePoint>> spectraByFramework) {
        XYChart chart = new XYChartBuilder().width(WIDTH_PX).height(HEIGHT_PX).title(title)
                .xAxisTitle("percentile").yAxisTitle("latency (ms)").build();
        style(chart.getStyler());
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setXAxisMin(0.0);
        chart.getStyler().setxAxisTickLabelsFormattingFunction(Charts::decadeLabel);
        spectraByFramework.forEach((name, points) -> {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (PercentilePoint p : points) {
                // A log axis cannot show 0, and the 100th percentile lies at infinity.
                if (p.micros() > 0 && p.percentile() < PERCENT) {
                    xs.add(Math.log10(PERCENT / (PERCENT - p.percentile())));
                    ys.add(p.micros() / 1_000.0);
                }
            }
            if (!xs.isEmpty()) {
                chart.addSeries(name, xs, ys).setMarker(SeriesMarkers.NONE);
            }
        });
        return chart;
    }

    /** Labels whole decades of log10(1/(1-p)) with their percentile (2 → "99%"); other ticks stay blank. */
    static String decadeLabel(double log10InverseTail) {
        double decade = Math.rint(log10InverseTail);
        if (Math.abs(log10InverseTail - decade) > DECADE_TOLERANCE || decade < 0) {
            return "";
        }
        return percentileLabel(Math.pow(10, decade));
    }

    /** 1 → "0%", 10 → "90%", 1000 → "99.9%". */
    static String percentileLabel(double inverseTail) {
        double p = PERCENT - PERCENT / inverseTail;
        String s = String.format(Locale.ROOT, "%.5f", p).replaceAll("0+$", "").replaceAll("\\.$", "");
        return s + "%";
    }

    /**
     * XChart's category chart draws a null as a gap in some versions and fails in others; 0 is drawn as
     * no bar, and the table beside the chart says "—" for the same cell.
     */
    private static List<Double> zeroForMissing(List<Double> values) {
        List<Double> out = new ArrayList<>(values.size());
        for (Double v : values) {
            out.add(v == null ? 0.0 : v);
        }
        return out;
    }

    private static void style(AxesChartStyler s) {
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setPlotBorderVisible(false);
        s.setPlotGridLinesColor(new Color(0xDD, 0xDD, 0xDD));
        s.setPlotGridLinesStroke(new BasicStroke(1f));
        s.setChartTitleBoxVisible(false);
        s.setLegendPosition(Styler.LegendPosition.OutsideE);
        s.setLegendBorderColor(Color.WHITE);
        s.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        s.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        s.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        s.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        s.setAntiAlias(true);
    }
}
