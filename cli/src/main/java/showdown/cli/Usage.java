package showdown.cli;

import java.util.ArrayList;
import java.util.List;

/** The --help text of a command, made from its declarations: usage line, description, arguments, exit codes. */
final class Usage {

    /** Help lines are wrapped to this many columns. */
    static final int WIDTH = 100;
    private static final int MAX_LEFT_COLUMN = 32;

    private Usage() {
    }

    static String of(String qualifiedName, Command command, Options options) {
        StringBuilder sb = new StringBuilder();
        sb.append("Usage: ").append(qualifiedName).append(" [OPTIONS]");
        for (Options.Parameter p : options.parameters()) {
            sb.append(' ').append(p.label()).append(p.variadic() ? "..." : "");
        }
        sb.append('\n');
        command.description().forEach(line -> sb.append(line).append('\n'));

        List<String[]> rows = new ArrayList<>();
        for (Options.Parameter p : options.parameters()) {
            rows.add(new String[] {"      " + p.label() + (p.variadic() ? "..." : ""), p.description()});
        }
        for (Options.Option o : options.options()) {
            if (!o.hidden()) {
                rows.add(new String[] {optionColumn(o), o.description()});
            }
        }
        sb.append('\n');
        table(sb, rows);
        if (!command.exitCodes().isEmpty()) {
            List<String[]> codes = new ArrayList<>();
            for (String line : command.exitCodes()) {
                int colon = line.indexOf(':');
                codes.add(new String[] {"  " + line.substring(0, colon), line.substring(colon + 1)});
            }
            sb.append("\nExit codes:\n");
            table(sb, codes);
        }
        return sb.toString();
    }

    /** Two columns, the right one wrapped at {@link #WIDTH} under itself. */
    static void table(StringBuilder sb, List<String[]> rows) {
        int left = 0;
        for (String[] row : rows) {
            if (row[0].length() <= MAX_LEFT_COLUMN) {
                left = Math.max(left, row[0].length());
            }
        }
        left += 2;
        for (String[] row : rows) {
            sb.append(row[0]);
            if (row[0].length() + 2 > left) {
                sb.append('\n').append(" ".repeat(left));
            } else {
                sb.append(" ".repeat(left - row[0].length()));
            }
            wrap(sb, row[1], left);
        }
    }

    private static String optionColumn(Options.Option o) {
        String shortName = o.names().size() > 1 ? o.names().get(0) + ", " : "    ";
        String value = o.takesValue() ? " " + o.label() + (o.maxValues() > 1 ? "..." : "") : "";
        return "  " + shortName + o.longestName() + value;
    }

    private static void wrap(StringBuilder sb, String text, int indent) {
        int column = indent;
        boolean first = true;
        for (String word : text.split(" ")) {
            if (!first && column + 1 + word.length() > WIDTH) {
                sb.append('\n').append(" ".repeat(indent));
                column = indent;
                first = true;
            }
            if (!first) {
                sb.append(' ');
                column++;
            }
            sb.append(word);
            column += word.length();
            first = false;
        }
        sb.append('\n');
    }
}
