package showdown.load.engine;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Locale;
import showdown.load.stats.TimerSlackSetting;

/**
 * Lowers the calling thread's timer slack for the open model's pacing loops (the Java 22 version,
 * packaged under {@code META-INF/versions/22}). An event loop that waits for its next due time in
 * {@code epoll_pwait2} wakes up to the thread's timer slack late (50 µs by default), and that
 * lateness is the pacing error. This version calls prctl(2) through the foreign function API:
 * {@code PR_SET_TIMERSLACK}, then {@code PR_GET_TIMERSLACK} to report what the kernel took. Where
 * that fails (not Linux, prctl refused, native access denied) the slack stays the kernel's and the
 * reason is reported; the run goes on.
 */
public final class TimerSlack {

    private static final int PR_SET_TIMERSLACK = 29;
    private static final int PR_GET_TIMERSLACK = 30;

    private TimerSlack() {
    }

    /** Sets the calling thread's timer slack to {@code nanos} and reads it back; never throws. */
    public static TimerSlackSetting lowerForThisThread(long nanos) {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (!os.contains("linux")) {
            return TimerSlackSetting.notLowered("prctl(2) is Linux's, and this is " + System.getProperty("os.name"));
        }
        try {
            MethodHandle prctl = prctl();
            int set = (int) prctl.invokeExact(PR_SET_TIMERSLACK, nanos);
            if (set != 0) {
                return TimerSlackSetting.notLowered("prctl(PR_SET_TIMERSLACK) refused it");
            }
            int got = (int) prctl.invokeExact(PR_GET_TIMERSLACK, 0L);
            if (got < 0) {
                return TimerSlackSetting.notLowered("prctl(PR_GET_TIMERSLACK) failed");
            }
            return TimerSlackSetting.lowered(got);
        } catch (IllegalCallerException e) {
            return TimerSlackSetting.notLowered("native access is not enabled: java --enable-native-access=ALL-UNNAMED");
        } catch (Throwable t) { // no prctl symbol, a linker that refuses the call, ...: the kernel's default stays
            return TimerSlackSetting.notLowered("prctl(2) could not be called: " + t);
        }
    }

    /**
     * prctl(int option, ...): variadic after the option; the one argument passed is an unsigned
     * long. Linked once per pacing loop, when it attaches: a few per run.
     */
    private static MethodHandle prctl() {
        Linker linker = Linker.nativeLinker();
        return linker.downcallHandle(linker.defaultLookup().find("prctl").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG),
                Linker.Option.firstVariadicArg(1));
    }
}
