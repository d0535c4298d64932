package showdown.hosts.control;

import java.time.Duration;
import showdown.harness.targets.CompilerTime;
import showdown.hosts.wire.Message;

/**
 * A remote target's JIT compilers, read by its server agent from /proc on its host (the same
 * {@code JitActivity} a local run reads) one round trip per look: what lets the warm-up find a
 * JVM on another host steady as it finds a local one. Not thread-safe; the warm-up's thread only.
 */
final class AgentCompilers implements CompilerTime {

    private static final Duration READING_TIMEOUT = Duration.ofSeconds(10);

    private final AgentLink link;
    private boolean hasCompiler;

    /** Starts watching: the first {@link #cpuNanosSinceLast()} counts from now. */
    AgentCompilers(AgentLink link) {
        this.link = link;
        cpuNanosSinceLast();
    }

    @Override
    public boolean hasCompiler() {
        return hasCompiler;
    }

    @Override
    public long cpuNanosSinceLast() {
        link.send(new Message.ReadCompilers());
        Message.CompilerReading r = link.await(Message.CompilerReading.class, READING_TIMEOUT);
        hasCompiler |= r.hasCompiler();
        return r.cpuNanos();
    }
}
