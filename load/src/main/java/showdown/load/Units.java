package showdown.load;

import java.math.BigInteger;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * wrk's units, both ways: formatting as wrk prints them (so seed users read the same numbers) and
 * parsing the arguments wrk accepts ({@code 30s}, {@code 2m}, {@code 30S}, {@code 1k}). Its
 * duration parser is the one every command uses.
 */
public final class Units {

    /** A number, whole or with a fraction, then an optional unit. */
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)?");

    // wrk's unit lists: a base unit, then the larger ones
    private static final String[] TIME_US = {"ms", "s"};
    private static final String[] TIME_S = {"m", "h"};
    private static final String[] BINARY = {"K", "M", "G", "T", "P"};
    private static final String[] METRIC = {"k", "M", "G", "T", "P"};

    private Units() {
    }

    /** A time in microseconds, as wrk's {@code format_time_us}: "16.85ms", "1.09s". */
    public static String timeMicros(double micros) {
        if (micros >= 1_000_000.0) {
            return scaled(micros / 1_000_000.0, 60, "s", TIME_S, 2);
        }
        return scaled(micros, 1000, "us", TIME_US, 2);
    }

    /** A whole number of seconds, as wrk's {@code format_time_s}: "30s", "2m". */
    public static String timeSeconds(double seconds) {
        return scaled(seconds, 60, "s", TIME_S, 0);
    }

    /** Bytes with binary prefixes, as wrk's {@code format_binary}: "127.67M". */
    public static String binary(double n) {
        return scaled(n, 1024, "", BINARY, 2);
    }

    /** A count with metric prefixes, as wrk's {@code format_metric}: "3.28k". */
    public static String metric(double n) {
        return scaled(n, 1000, "", METRIC, 2);
    }

    /**
     * wrk's {@code format_units}: divide while the amount is at least 85 % of the scale, but never
     * to the last unit of the list (so microseconds stop at ms, seconds at m, bytes at T).
     */
    private static String scaled(double n, int scale, String base, String[] units, int decimals) {
        double amount = n;
        String unit = base;
        for (int i = 0; i + 1 < units.length && amount >= scale * 0.85; i++) {
            amount /= scale;
            unit = units[i];
        }
        return String.format(Locale.ROOT, "%." + decimals + "f%s", amount, unit);
    }

    /**
     * Parses the durations users write, for every command (load's -d, -T and --warmup, run's
     * --duration, the profiles' fields): a number, fractional or not, with an optional unit ms, s,
     * m or h in any case; no unit means seconds, as in wrk. {@code 30s}, {@code 2.5s}, {@code 500ms},
     * {@code 1.5m}, {@code 30}. Exact to the nanosecond.
     *
     * @throws LoadException a one-line message naming {@code text}; callers prefix the option's name
     */
    public static Duration parseDuration(String text) {
        Matcher m = DURATION.matcher(text == null ? "" : text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new LoadException("'" + text + "' is not a duration (examples: 500ms, 2.5s, 3m; no unit means seconds)");
        }
        long unitNanos = switch (m.group(2) == null ? "s" : m.group(2)) {
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m" -> 60_000_000_000L;
            default -> 3_600_000_000_000L;
        };
        long nanos = scaledExactly(m.group(1), unitNanos);
        if (nanos < 0) {
            throw new LoadException("'" + text + "' is too long a duration");
        }
        return Duration.ofNanos(nanos);
    }

    /**
     * {@code decimal} (digits, optionally a point and more digits) times {@code unit}, rounded half
     * up to a whole number; -1 when that does not fit a long. In BigInteger, not BigDecimal: JDK 25's
     * BigDecimal squares large numbers in its class initialisation, on the common fork-join pool's
     * threads (27 ms of the main thread's CPU in a bare JVM; a few ms behind the launcher's AOT cache).
     */
    private static long scaledExactly(String decimal, long unit) {
        int point = decimal.indexOf('.');
        String digits = point < 0 ? decimal : decimal.substring(0, point) + decimal.substring(point + 1);
        int fractionDigits = point < 0 ? 0 : decimal.length() - point - 1;
        BigInteger divisor = BigInteger.TEN.pow(fractionDigits);
        BigInteger[] quotientAndRest = new BigInteger(digits).multiply(BigInteger.valueOf(unit)).divideAndRemainder(divisor);
        BigInteger nanos = quotientAndRest[0];
        if (quotientAndRest[1].shiftLeft(1).compareTo(divisor) >= 0) {
            nanos = nanos.add(BigInteger.ONE); // half up
        }
        return nanos.bitLength() < Long.SIZE ? nanos.longValue() : -1;
    }

    /** Parses wrk's numeric arguments: a whole number with an optional k, M or G. */
    public static long parseMetric(String text) {
        String t = text.trim();
        int i = 0;
        while (i < t.length() && Character.isDigit(t.charAt(i))) {
            i++;
        }
        if (i == 0) {
            throw new LoadException("bad number '" + text + "': expected a whole number like 400 or 1k");
        }
        long n = Long.parseLong(t.substring(0, i));
        return switch (t.substring(i).toLowerCase(Locale.ROOT)) {
            case "" -> n;
            case "k" -> n * 1_000L;
            case "m" -> n * 1_000_000L;
            case "g" -> n * 1_000_000_000L;
            default -> throw new LoadException("bad number '" + text + "': the suffix must be k, M or G");
        };
    }
}
