package showdown.harness.measure;

import showdown.harness.targets.CompilerTime;

/**
 * What a server's JIT compilers used while one case ran, as a local run and a server agent both
 * measure it: the compilers' CPU time from {@link #start} to {@link #end}, and that as a share of
 * one CPU over the same wall time. The note {@code jit-compiling} is decided from the share.
 */
public final class CaseCompile {

    private static final double NANOS_PER_SECOND = 1e9;

    /**
     * @param seconds the compilers' CPU time over the case; null when the server has no JIT
     * @param share   that time as a share of one CPU over the case's wall time; null likewise
     */
    public record Figures(Double seconds, Double share) {
        public static final Figures NONE = new Figures(null, null);
    }

    private final CompilerTime compilers;
    private final long startNanos;

    private CaseCompile(CompilerTime compilers) {
        this.compilers = compilers;
        compilers.cpuNanosSinceLast(); // the case counts from now
        this.startNanos = System.nanoTime();
    }

    /** Starts counting the compilers' time for one case. */
    public static CaseCompile start(CompilerTime compilers) {
        return new CaseCompile(compilers);
    }

    /** The compilers' figures since {@link #start}. */
    public Figures end() {
        long compileNanos = compilers.cpuNanosSinceLast();
        long wallNanos = Math.max(1, System.nanoTime() - startNanos);
        return compilers.hasCompiler() ? new Figures(compileNanos / NANOS_PER_SECOND, (double) compileNanos / wallNanos)
                : Figures.NONE;
    }
}
