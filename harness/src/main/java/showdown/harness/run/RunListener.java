package showdown.harness.run;

import showdown.harness.plan.PlannedCase;
import showdown.harness.results.CaseResult;

/** Events of a run, for callers that want more than the progress lines (tests use it to stop a run mid-way). */
public interface RunListener {
    RunListener NONE = new RunListener() {
    };

    /** Called after a case was written to the journal. */
    default void caseRecorded(PlannedCase planned, CaseResult result) {
    }
}
