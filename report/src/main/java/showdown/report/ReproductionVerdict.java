package showdown.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import showdown.harness.plan.PublishedSeed;
import showdown.harness.results.CaseNote;
import showdown.harness.results.Environment;

/**
 * A reproduction in plain words, made from its numbers: which of the seed's orders hold and which
 * flip, whether the run's intervals back a flip, the largest change in proportion, and what the run's
 * server had against the seed's machine. Nothing here is canned per seed: every sentence is chosen
 * and filled from the data, so a new seed file or a new run reads right without code.
 */
final class ReproductionVerdict {

    private ReproductionVerdict() {
    }

    static String of(Reproduction r, Environment environment) {
        List<String> s = new ArrayList<>();
        PublishedSeed seed = r.seed();
        if (r.shortened()) {
            s.add("Shortened: each case ran " + Format.seconds(r.runDurationSeconds()) + " here against the seed's "
                    + Format.seconds(seed.durationSeconds()) + ", so this is a quick look rather than the seed's"
                    + " measurement.");
        }
        if (r.reference() == null) {
            s.add("None of the seed's frameworks was measured in this run, so there is nothing to compare; "
                    + "'showdown reproduce " + seed.seed() + "' runs the targets that stand for them.");
            return String.join(" ", s);
        }
        s.add(referenceSentence(r));
        String stoodIn = stoodIn(r);
        if (stoodIn != null) {
            s.add(stoodIn);
        }
        if (r.orderings().isEmpty()) {
            s.add("Only " + r.reference().name() + " was measured at the seed's requests, so there is no order to check.");
        } else {
            if (r.byRequest()) {
                s.add("Only " + r.reference().name() + " of the seed's frameworks ran here, so what can be checked is"
                        + " the order of its requests.");
            }
            KendallTau tau = r.tau();
            s.add(String.format(Locale.ROOT, "Kendall's tau between the seed's order and this run's is %.2f over %d %s"
                            + " (1: the same order, -1: reversed): %d %s, %d %s.", tau.tau(), tau.pairs(),
                    tau.pairs() == 1 ? "pair" : "pairs", tau.concordant(), tau.concordant() == 1 ? "holds" : "hold",
                    tau.discordant(), tau.discordant() == 1 ? "flips" : "flip"));
            s.addAll(orderingSentences(r));
        }
        String gap = largestGap(r);
        if (gap != null) {
            s.add(gap);
        }
        String cold = notSteady(r);
        if (cold != null) {
            s.add(cold);
        }
        if (environment != null) {
            s.add(serverSentence(environment));
        }
        return String.join(" ", s);
    }

    private static String referenceSentence(Reproduction r) {
        String ref = r.reference().name() + " (target " + r.reference().target() + ")";
        return switch (r.referenceChoice()) {
            case ASKED -> "Figures are normalised to " + ref + ", as --reference asked.";
            case ASKED_BUT_ABSENT -> "--reference " + r.askedReference() + " is not among this seed's frameworks"
                    + " measured here, so figures are normalised to " + ref + ", the first of them the run measured.";
            case FIRST_MEASURED -> "Figures are normalised to " + ref + ", the first of the seed's frameworks this run"
                    + " measured (--reference TARGET picks another).";
        };
    }

    /**
     * One sentence per kind of outcome, the concurrency levels that share it listed together: "GET /
     * at 2, 4 and 16 connections: the seed's order Go > Express Cluster > Express holds."
     */
    private static List<String> orderingSentences(Reproduction r) {
        Map<String, List<Integer>> levelsBySentence = new LinkedHashMap<>();
        Map<String, String> whereBySentence = new LinkedHashMap<>();
        for (Reproduction.Ordering o : r.orderings()) {
            String body;
            String seedOrder = Reproduction.Item.ranking(o.publishedOrder());
            if (o.holds()) {
                body = "the seed's order " + seedOrder + " holds.";
            } else {
                List<String> flips = new ArrayList<>();
                for (Reproduction.Flip f : o.flips()) {
                    flips.add(f.publishedBehind().name() + " is ahead of " + f.publishedAhead().name() + " ("
                            + separation(f) + ")");
                }
                body = "the seed's order " + seedOrder + " does not hold: here "
                        + Reproduction.Item.ranking(o.measuredOrder()) + "; " + String.join(", ", flips) + ".";
            }
            String key = (o.request() == null ? "" : o.request()) + "\n" + body;
            levelsBySentence.computeIfAbsent(key, k -> new ArrayList<>()).add(o.connections());
            whereBySentence.put(key, o.request());
        }
        boolean single = r.orderings().size() == 1;
        List<String> out = new ArrayList<>();
        levelsBySentence.forEach((key, levels) -> {
            String body = key.substring(key.indexOf('\n') + 1);
            if (single) {
                out.add(Character.toUpperCase(body.charAt(0)) + body.substring(1));
            } else {
                String request = whereBySentence.get(key);
                out.add((request == null ? "At " : request + " at ") + levels(levels) + ": " + body);
            }
        });
        return out;
    }

    /** Where the run's nearest level stood in for the seed's single one: "400 connections measured at 64". */
    private static String stoodIn(Reproduction r) {
        Set<String> pairs = new LinkedHashSet<>();
        for (Reproduction.Row row : r.compared()) {
            if (row.levelDiffers()) {
                pairs.add("the seed's " + Format.connections(row.connections()) + " by this run's "
                        + row.measuredConnections());
            }
        }
        return pairs.isEmpty() ? null : "The run lacks the seed's concurrency, so its nearest level stands in: "
                + String.join(", ", pairs) + ".";
    }

    /**
     * The compared frameworks measured before their throughput was steady (no warm-up, as the seeds
     * ran, or one that ran out of time): a JIT-compiled framework's figure is then its start.
     */
    static String notSteady(Reproduction r) {
        List<String> names = r.rows().stream().filter(Reproduction.Row::compared)
                .filter(row -> row.measured().notes().stream().anyMatch(n -> n.kind() == CaseNote.Kind.NOT_STEADY))
                .map(row -> row.framework().name()).distinct().toList();
        if (names.isEmpty()) {
            return null;
        }
        return "Measured before their throughput was steady (no warm-up, as the seed ran, or one that ran out of"
                + " time): " + String.join(", ", names) + "; for a JIT-compiled framework such a figure is its"
                + " start-up, not its speed ('showdown run --scenario " + r.seed().seed() + "', whose quick profile warms"
                + " each start, shows the difference).";
    }

    /** Whether the run's intervals back a flip, in words. */
    static String separation(Reproduction.Flip f) {
        if (f.separated() == null) {
            return "no interval to tell whether that is more than noise";
        }
        if (!f.overRounds()) {
            return f.separated() ? "apart by more than one window's noise, but one round cannot vouch for a flip"
                    + " (--repeat 3 can)" : "within one window's noise, so not a clear flip";
        }
        return f.separated() ? "this run's intervals separate them" : "within this run's intervals, so not a clear flip";
    }

    /** The framework whose proportion to the reference moved most, seed against run; null when none can. */
    private static String largestGap(Reproduction r) {
        Reproduction.Row worst = null;
        double worstLog = 0;
        for (Reproduction.Row row : r.compared()) {
            if (row.framework().equals(r.reference()) || !(row.publishedNormalised() > 0)
                    || !(row.measuredNormalised() > 0)) {
                continue;
            }
            double log = Math.abs(Math.log(row.measuredNormalised() / row.publishedNormalised()));
            if (worst == null || log > worstLog) {
                worst = row;
                worstLog = log;
            }
        }
        if (worst == null) {
            return null;
        }
        String where = r.seed().requests().size() > 1 || r.orderings().size() > 1
                ? " (" + worst.request() + ", " + Format.connections(worst.connections()) + ")" : "";
        return "The largest change in proportion: " + worst.framework().name() + " is " + ratio(worst.publishedNormalised())
                + " " + r.reference().name() + " in the seed" + where + " and " + ratio(worst.measuredNormalised())
                + " here.";
    }

    private static String serverSentence(Environment e) {
        if (e.serverCpus() == null) {
            return "Here server and load generator shared all " + e.cores() + " logical CPUs of a " + e.cpuModel()
                    + "; the seed's hardware is listed below.";
        }
        int n = cpuCount(e.serverCpus());
        return "Here the server had " + n + " of " + e.cores() + " logical CPUs (" + e.cpuModel() + ", CPUs "
                + e.serverCpus() + "); the seed's hardware is listed below.";
    }

    /** How many CPUs a taskset list names: {@code 0-3,6} is 5. */
    static int cpuCount(String list) {
        int n = 0;
        for (String part : list.split(",")) {
            String p = part.strip();
            if (p.isEmpty()) {
                continue;
            }
            int dash = p.indexOf('-');
            n += dash < 0 ? 1 : Integer.parseInt(p.substring(dash + 1).strip()) - Integer.parseInt(p.substring(0, dash).strip()) + 1;
        }
        return n;
    }

    /** "2.45×". */
    static String ratio(double v) {
        return String.format(Locale.ROOT, "%.2f×", v);
    }


    /** "1 connection", "2 and 4 connections", "2, 4 and 16 connections". */
    static String levels(List<Integer> levels) {
        List<String> s = levels.stream().map(String::valueOf).toList();
        String joined = s.size() == 1 ? s.get(0)
                : String.join(", ", s.subList(0, s.size() - 1)) + " and " + s.get(s.size() - 1);
        return joined + (levels.size() == 1 && levels.get(0) == 1 ? " connection" : " connections");
    }
}
