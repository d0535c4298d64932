package showdown.harness.verify;

import java.time.Duration;
import java.util.List;

/**
 * Everything {@code verify} learned about one target.
 *
 * @param timeToFirstResponse from process start to the first 200 on the ready path; null when it never started
 * @param idleRssBytes        the process tree's RSS right after it became ready; -1 when it never started
 */
public record TargetVerdict(String target, String language, List<CheckResult> results, Duration timeToFirstResponse,
        long idleRssBytes) {

    public TargetVerdict {
        results = List.copyOf(results);
    }

    public boolean failed() {
        return results.stream().anyMatch(r -> r.outcome() == Outcome.FAIL);
    }

    /** True when the target was not checked at all (not runnable here). */
    public boolean skipped() {
        return !results.isEmpty() && results.stream().allMatch(r -> r.outcome() == Outcome.SKIP) && timeToFirstResponse == null;
    }

    public long count(Outcome outcome) {
        return results.stream().filter(r -> r.outcome() == outcome).count();
    }

    public List<CheckResult> failures() {
        return results.stream().filter(r -> r.outcome() == Outcome.FAIL).toList();
    }
}
