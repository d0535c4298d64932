package showdown.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import showdown.harness.results.CaseResult;
import showdown.harness.results.RunResults;

/**
 * What {@code compare} does with the rounds a run marked disturbed (other processes or the host took
 * the measured CPUs: {@code cases[].interference}). A disturbed round measured the machine as much as
 * the target, and one such round widens the spread pooled over every case of its target. So a case's
 * disturbed rounds are left out of a side when at least {@link #MIN_CLEAN_ROUNDS} undisturbed rounds
 * remain, the fewest a verdict over rounds needs; otherwise the case keeps them all, they are
 * counted as kept, and the case gets no verdict. The spread between rounds that every interval
 * uses is drawn from the clean rounds alone ({@link #clean}).
 *
 * @param side    the side's run with the left-out rounds removed
 * @param clean   the side's run without any disturbed round
 * @param counts  per case key, how many disturbed rounds were left out and how many kept
 */
record DisturbedRounds(RunResults side, RunResults clean, Map<CaseKey, Count> counts) {

    /** The fewest undisturbed rounds that let a case's disturbed ones go. */
    static final int MIN_CLEAN_ROUNDS = 2;

    /** A case's disturbed rounds on one side: left out, or kept for want of clean ones. */
    record Count(int leftOut, int kept) {
        static final Count NONE = new Count(0, 0);

        /** E.g. {@code 1 left out, 2 kept}; empty when there were none. */
        String describe() {
            List<String> what = new ArrayList<>();
            if (leftOut > 0) {
                what.add(leftOut + " left out");
            }
            if (kept > 0) {
                what.add(kept + " kept");
            }
            return String.join(", ", what);
        }
    }

    /** Every round kept, each disturbed one counted as kept ({@code compare --keep-disturbed}). */
    static DisturbedRounds keepAll(RunResults run) {
        Map<CaseKey, Count> counts = new LinkedHashMap<>();
        for (Map.Entry<CaseKey, List<CaseResult>> e : Summaries.byKey(run).entrySet()) {
            int disturbed = (int) e.getValue().stream().filter(CaseResult::disturbed).count();
            counts.put(e.getKey(), new Count(0, disturbed));
        }
        return new DisturbedRounds(run, run, counts);
    }

    /** The side without the disturbed rounds of each case that keeps {@link #MIN_CLEAN_ROUNDS} clean ones. */
    static DisturbedRounds leaveOut(RunResults run) {
        Map<CaseKey, Count> counts = new LinkedHashMap<>();
        List<CaseResult> kept = new ArrayList<>();
        for (Map.Entry<CaseKey, List<CaseResult>> e : Summaries.byKey(run).entrySet()) {
            List<CaseResult> clean = e.getValue().stream().filter(c -> !c.disturbed()).toList();
            int disturbed = e.getValue().size() - clean.size();
            if (disturbed > 0 && clean.size() >= MIN_CLEAN_ROUNDS) {
                kept.addAll(clean);
                counts.put(e.getKey(), new Count(disturbed, 0));
            } else {
                kept.addAll(e.getValue());
                counts.put(e.getKey(), new Count(0, disturbed));
            }
        }
        List<CaseResult> clean = run.cases().stream().filter(c -> !c.disturbed()).toList();
        return new DisturbedRounds(run.withCases(kept), run.withCases(clean), counts);
    }

    Count of(CaseKey key) {
        return counts.getOrDefault(key, Count.NONE);
    }

}
