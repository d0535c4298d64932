package showdown.load.warmup;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;

/**
 * The time this JVM's JIT compilers have spent compiling so far, as a seam: the JVM's own count
 * ({@link #thisJvm()}), or scripted in tests.
 */
@FunctionalInterface
public interface CompileTime {

    /** What {@link #totalNanos()} returns where the JVM does not tell. */
    long UNKNOWN = -1;

    /** Nanoseconds spent compiling since the JVM started, or {@link #UNKNOWN}. */
    long totalNanos();

    /**
     * HotSpot's count ({@link CompilationMXBean#getTotalCompilationTime()}, whole milliseconds): the
     * time from start to end of each compilation, summed over the compiler threads. It counts a
     * compilation that waited for the CPU as longer than the CPU it used, so it errs towards busy.
     */
    static CompileTime thisJvm() {
        CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
        if (compiler == null || !compiler.isCompilationTimeMonitoringSupported()) {
            return () -> UNKNOWN;
        }
        return () -> TimeUnit.MILLISECONDS.toNanos(compiler.getTotalCompilationTime());
    }
}
