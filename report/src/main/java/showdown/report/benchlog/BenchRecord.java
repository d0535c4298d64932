package showdown.report.benchlog;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One measurement run of a {@code bench/} script, as {@code bench/results/records/*.json} holds it
 * (schema {@value #SCHEMA}; bench/README.md describes every field).
 *
 * @param schema  always {@value #SCHEMA}
 * @param script  the bench script ("load-vs-wrk", "trust"), or "manual" for a hand run
 * @param date    when the run started, UTC
 * @param commit  the Showdown commit measured, short hash, "-dirty" when the tree had changes; never unknown
 * @param command the exact command line
 * @param machine the machine it ran on
 * @param figures one entry per claim, in the order the script gives them
 * @param reading what the figures say, in two or three sentences
 */
public record BenchRecord(String schema, String script, Instant date, String commit, String command, Machine machine,
                          List<Figure> figures, String reading) {

    public static final String SCHEMA = "showdown-bench-record/1";

    public BenchRecord {
        figures = List.copyOf(figures);
    }

    /**
     * The machine of a run.
     *
     * @param cpuModel the CPU model, /proc/cpuinfo's "model name"
     * @param cores    logical CPUs
     * @param cpuset   the CPUs the script could use, taskset list form
     * @param kernel   the kernel release
     * @param governor the CPU frequency governor, "unknown" where there is none
     * @param jdk      the JDK that ran Showdown
     * @param tools    the other tools the run used, by name, with their versions
     * @param noise    host-noise indicators measured beside the run, by name (wrkAloneReqPerSec: wrk alone
     *                 on nginx, req/s); null when none was measured
     */
    public record Machine(String cpuModel, int cores, String cpuset, String kernel, String governor, String jdk,
                          Map<String, String> tools, Map<String, Double> noise) {
        public Machine {
            tools = tools == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(tools));
            noise = noise == null ? null : java.util.Collections.unmodifiableMap(new TreeMap<>(noise));
        }
    }

    /**
     * One claim's figure.
     *
     * @param name   the claim, stable from run to run ("h1 over TLS: req/s vs wrk"): the newest figure of a
     *               name is the one docs/accuracy.md shows
     * @param value  the figure
     * @param low    the low end of its spread, or null
     * @param high   the high end of its spread, or null
     * @param unit   its unit ("ratio", "req/s", "share of 36 cases")
     * @param spread what low and high are ("median of per-round ratios (range)"), or null
     * @param bar    the pass mark (">= 0.95", "<= 1.10", "= 0"), or null where the figure has none
     * @param met    whether the figure meets its bar, or null where it has none
     */
    public record Figure(String name, double value, Double low, Double high, String unit, String spread, String bar,
                         Boolean met) {

        /** A figure whose {@code met} is worked out from its bar. */
        public static Figure judged(String name, double value, Double low, Double high, String unit, String spread,
                                    String bar) {
            return new Figure(name, value, low, high, unit, spread, bar, bar == null ? null : meets(bar, value));
        }

        /**
         * Whether {@code value} meets {@code bar}: ">= X", "<= X", "> X", "< X" or "= X".
         *
         * @throws BenchLogException for a bar of another form
         */
        public static boolean meets(String bar, double value) {
            String b = bar.strip();
            int i = 0;
            while (i < b.length() && "<>=".indexOf(b.charAt(i)) >= 0) {
                i++;
            }
            String op = b.substring(0, i);
            double x;
            try {
                x = Double.parseDouble(b.substring(i).strip());
            } catch (NumberFormatException e) {
                throw new BenchLogException("bar '" + bar + "' is not of the form '>= 0.95', '<= 1.10' or '= 0'");
            }
            return switch (op) {
                case ">=" -> value >= x;
                case "<=" -> value <= x;
                case ">" -> value > x;
                case "<" -> value < x;
                case "=", "==" -> value == x;
                default -> throw new BenchLogException("bar '" + bar + "' is not of the form '>= 0.95', '<= 1.10' or '= 0'");
            };
        }
    }
}
