package showdown.harness.targets;

/**
 * The CPU time a target's JIT compilers use, as a seam: read from /proc for a target of this host
 * ({@link JitActivity}), through its agent for one on another host, scripted in tests.
 */
public interface CompilerTime {

    /** A runtime without a JIT compiler. */
    CompilerTime NONE = new CompilerTime() {
        @Override
        public boolean hasCompiler() {
            return false;
        }

        @Override
        public long cpuNanosSinceLast() {
            return 0;
        }
    };

    /** Whether the target has had a JIT compiler thread since watching began. */
    boolean hasCompiler();

    /** CPU time the compilers used since the previous call (or since watching began), in nanoseconds. */
    long cpuNanosSinceLast();
}
