package showdown.load.engine;

import showdown.load.stats.TimerSlackSetting;

/**
 * Lowers the calling thread's timer slack for the open model's pacing loops (the Java 21 version).
 * An event loop that waits for its next due time in {@code epoll_pwait2} wakes up to the thread's
 * timer slack late (50 µs by default), and that lateness is the pacing error. Lowering it takes
 * prctl(2), called through the foreign function API, which is final from Java 22; this build's
 * Java 21 version leaves the slack alone and says so. The Java 22 version lives in
 * {@code src/main/java22} and is packaged under {@code META-INF/versions/22} of the load jar, so
 * a JDK >= 22 running the jar takes it instead.
 */
public final class TimerSlack {

    /** The reason this version gives. */
    static final String NEEDS_JDK_22 = "lowering it needs a JDK >= 22";

    private TimerSlack() {
    }

    /** Sets the calling thread's timer slack to {@code nanos} where it can; here never: it reports why. */
    public static TimerSlackSetting lowerForThisThread(long nanos) {
        return TimerSlackSetting.notLowered(NEEDS_JDK_22);
    }
}
