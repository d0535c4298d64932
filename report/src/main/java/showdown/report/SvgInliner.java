package showdown.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Renders an XChart chart to SVG (through VectorGraphics2D) and makes it fit to sit inline in an HTML
 * page next to other charts: no XML prolog or DOCTYPE, ids unique per chart, a size that follows the
 * page, and an accessible name.
 */
final class SvgInliner {

    private static final Pattern PROLOG = Pattern.compile("<\\?xml[^>]*\\?>\\s*");
    private static final Pattern DOCTYPE = Pattern.compile("<!DOCTYPE[^>]*>\\s*");
    private static final Pattern ID = Pattern.compile("id=\"([^\"]+)\"");
    private static final Pattern ID_REFERENCE = Pattern.compile("(url\\(#|href=\"#)([^)\"]+)");
    private static final Pattern SVG_OPEN = Pattern.compile("<svg\\b[^>]*>");
    private static final Pattern SIZE = Pattern.compile("\\s(width|height)=\"[^\"]*\"");
    /**
     * VectorGraphics2D writes coordinates with up to 15 digits; one decimal is a tenth of a pixel (at
     * the chart's own size) and makes the page less than half as big.
     */
    private static final Pattern LONG_DECIMAL = Pattern.compile("(\\d\\.\\d)\\d+");

    private SvgInliner() {
    }

    /**
     * The chart as an inline {@code <svg>} element.
     *
     * @param idPrefix a prefix made of [a-z0-9-], unique within the page, for the SVG's own ids
     * @param label    what the chart shows, for screen readers; it is HTML-escaped here
     */
    static String inline(Chart<?, ?> chart, String idPrefix, String label) {
        if (!idPrefix.matches("[a-z0-9-]+")) {
            throw new IllegalArgumentException("bad id prefix: " + idPrefix);
        }
        String svg = render(chart);
        svg = PROLOG.matcher(svg).replaceFirst("");
        svg = DOCTYPE.matcher(svg).replaceFirst("");
        svg = ID.matcher(svg).replaceAll(m -> Matcher.quoteReplacement("id=\"" + idPrefix + "-" + m.group(1) + "\""));
        svg = ID_REFERENCE.matcher(svg).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + idPrefix + "-" + m.group(2)));
        svg = LONG_DECIMAL.matcher(svg).replaceAll("$1");
        Matcher open = SVG_OPEN.matcher(svg);
        if (!open.find()) {
            throw new IllegalStateException("XChart produced no <svg> element");
        }
        String root = SIZE.matcher(open.group()).replaceAll("");
        root = root.substring(0, root.length() - 1) + " role=\"img\" aria-label=\"" + Html.escape(label)
                + "\" class=\"chart\">";
        return svg.substring(0, open.start()) + root + svg.substring(open.end());
    }

    private static String render(Chart<?, ?> chart) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            VectorGraphicsEncoder.saveVectorGraphic(chart, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot render a chart to SVG", e);
        }
        return out.toString(StandardCharsets.UTF_8).trim();
    }
}
