package showdown.load.capacity;

import java.util.Locale;

/** How the search's figures are written: rates with thousands separators, latencies in milliseconds. */
final class CapacityFormat {

    private CapacityFormat() {
    }

    /** "41,300". */
    static String rate(double perSecond) {
        return String.format(Locale.ROOT, "%,d", Math.round(perSecond));
    }

    /** "10 ms", "2.41 ms", "0.087 ms": three significant figures at most. */
    static String millis(long nanos) {
        double ms = nanos / 1e6;
        String digits = ms >= 100 ? "%.0f" : ms >= 10 ? "%.1f" : ms >= 1 ? "%.2f" : "%.3f";
        String s = String.format(Locale.ROOT, digits, ms);
        if (s.contains(".")) {
            s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return s + " ms";
    }
}
