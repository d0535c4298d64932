package showdown.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A table as plain text cells, shared by the Markdown and HTML writers so both show the same numbers.
 * Each cell may carry a raw number, which the HTML table sorts by.
 */
public final class Table {

    /** One cell: the text shown, and the number it stands for (NaN when it is not a number). */
    public record Cell(String text, double sortValue) {
        public static Cell text(String text) {
            return new Cell(text, Double.NaN);
        }

        public static Cell number(String text, double value) {
            return new Cell(text, value);
        }
    }

    private final String caption;
    private final List<String> headers;
    private final List<List<Cell>> rows = new ArrayList<>();

    public Table(String caption, List<String> headers) {
        this.caption = caption;
        this.headers = List.copyOf(headers);
    }

    public Table row(List<Cell> cells) {
        if (cells.size() != headers.size()) {
            throw new IllegalArgumentException("row has " + cells.size() + " cells, the table " + headers.size() + " columns");
        }
        rows.add(List.copyOf(cells));
        return this;
    }

    public String caption() {
        return caption;
    }

    public List<String> headers() {
        return headers;
    }

    public List<List<Cell>> rows() {
        return List.copyOf(rows);
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /** A cell for a spread: its text, sortable by the median. */
    public static Cell spread(Spread s, java.util.function.DoubleFunction<String> format) {
        return spread(s, format, "");
    }

    /** A cell for a spread with a unit after the median. */
    public static Cell spread(Spread s, java.util.function.DoubleFunction<String> format, String unit) {
        return s.measured() ? Cell.number(Format.spread(s, format, unit), s.median()) : Cell.text(Format.MISSING);
    }
}
