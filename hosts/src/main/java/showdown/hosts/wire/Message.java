package showdown.hosts.wire;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;
import java.util.Map;

/**
 * Everything that crosses the control channel, one record per kind; {@link Wire} puts each into
 * an envelope with the protocol version. Times named {@code ...EpochNanos} are wall-clock
 * instants in nanoseconds since the epoch, on the clock of the side named in the field's doc;
 * {@code ...Nanos} alone are lengths.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = Message.Hello.class, name = "hello"),
        @JsonSubTypes.Type(value = Message.Welcome.class, name = "welcome"),
        @JsonSubTypes.Type(value = Message.Refused.class, name = "refused"),
        @JsonSubTypes.Type(value = Message.ClockProbe.class, name = "clock-probe"),
        @JsonSubTypes.Type(value = Message.ClockReply.class, name = "clock-reply"),
        @JsonSubTypes.Type(value = Message.Heartbeat.class, name = "heartbeat"),
        @JsonSubTypes.Type(value = Message.End.class, name = "end"),
        @JsonSubTypes.Type(value = Message.LoadPlan.class, name = "load-plan"),
        @JsonSubTypes.Type(value = Message.LoadReady.class, name = "load-ready"),
        @JsonSubTypes.Type(value = Message.LoadStart.class, name = "load-start"),
        @JsonSubTypes.Type(value = Message.LoadAbort.class, name = "load-abort"),
        @JsonSubTypes.Type(value = Message.LoadSlice.class, name = "load-slice"),
        @JsonSubTypes.Type(value = Message.LoadFinished.class, name = "load-finished"),
        @JsonSubTypes.Type(value = Message.LoadFailed.class, name = "load-failed"),
        @JsonSubTypes.Type(value = Message.StartTarget.class, name = "start-target"),
        @JsonSubTypes.Type(value = Message.TargetStarted.class, name = "target-started"),
        @JsonSubTypes.Type(value = Message.TargetFailed.class, name = "target-failed"),
        @JsonSubTypes.Type(value = Message.TargetUnavailable.class, name = "target-unavailable"),
        @JsonSubTypes.Type(value = Message.WatchServer.class, name = "watch-server"),
        @JsonSubTypes.Type(value = Message.EndWatch.class, name = "end-watch"),
        @JsonSubTypes.Type(value = Message.ServerWindow.class, name = "server-window"),
        @JsonSubTypes.Type(value = Message.ReadCompilers.class, name = "read-compilers"),
        @JsonSubTypes.Type(value = Message.CompilerReading.class, name = "compiler-reading"),
        @JsonSubTypes.Type(value = Message.StopTarget.class, name = "stop-target"),
        @JsonSubTypes.Type(value = Message.TargetStopped.class, name = "target-stopped"),
})
public sealed interface Message {

    /** Controller → agent, first: who is calling and which role it expects the agent to have. */
    record Hello(String controller, String role) implements Message {
    }

    /** Agent → controller: its role, name, CPU count and (load role) the server addresses it may load. */
    record Welcome(String role, String name, int cpus, List<String> allow) implements Message {
    }

    /** Either side: why a request is refused, in one line. The channel stays open unless it was the hello. */
    record Refused(String reason) implements Message {
    }

    /** Controller → agent: a round trip for the clock offset. */
    record ClockProbe(long seq) implements Message {
    }

    /** Agent → controller: the agent's wall clock when it answered {@code seq}. */
    record ClockReply(long seq, long agentEpochNanos) implements Message {
    }

    /** Either side, about once a second: "still here". */
    record Heartbeat(long seq) implements Message {
    }

    /** Controller → agent: the run is over; the agent exits 0. */
    record End() implements Message {
    }

    /**
     * Controller → load agent: open the connections of {@code spec}, say {@link LoadReady}, and
     * wait for {@link LoadStart}; {@code clockOffsetNanos} is the agent's clock minus the
     * controller's as the controller measured it.
     */
    record LoadPlan(String caseId, LoadSpecJson spec, long clockOffsetNanos, long scheduleDelayNanos, long sliceNanos)
            implements Message {
    }

    /** Load agent → controller: every connection of the plan is open; the agent waits for the start. */
    record LoadReady(String caseId) implements Message {
    }

    /**
     * Controller → load agent: start the clock at {@code startEpochNanos} (the controller's clock)
     * plus the plan's {@code scheduleDelayNanos}, once every agent of the case is ready.
     */
    record LoadStart(String caseId, long startEpochNanos) implements Message {
    }

    /** Controller → load agent: another agent of the case failed; end the plan without measuring. */
    record LoadAbort(String caseId) implements Message {
    }

    /**
     * Load agent → controller: one slice of the measured window (times from the window's start),
     * its latency histogram in HdrHistogram's compressed encoding (base64), and the agent
     * process's CPU time over the slice.
     */
    record LoadSlice(String caseId, int index, long startNanos, long endNanos, String latency, long requests,
                     long agentCpuNanos) implements Message {
    }

    /**
     * Load agent → controller: the run ended; its whole result, how long after its planned
     * instant its clock started (negative: before it), and what other processes and the hypervisor
     * used of its host's CPUs over the window (0..1; null where unknown).
     */
    record LoadFinished(String caseId, LoadResultJson result, long startedLateNanos, Double otherCpuShare,
                        Double stealShare,
                        Double busiestSliceOtherShare) implements Message {
    }

    /** Load agent → controller: the run could not be done (a refused plan, a server not answering). */
    record LoadFailed(String caseId, String reason) implements Message {
    }

    /** Controller → server agent: start the target of this name from the agent's own checkout. */
    record StartTarget(String name, Map<String, String> env, List<Integer> cpus) implements Message {
    }

    /**
     * Server agent → controller: the target answers on these ports (tlsPort 0: no TLS), serving
     * every protocol it declares but those of {@code unavailableProtocols} (protocol id → its build's
     * line on the agent's host; null or empty: none).
     */
    record TargetStarted(String name, int port, int tlsPort, long timeToFirstResponseMillis, long idleRssBytes,
                         Map<String, String> unavailableProtocols) implements Message {
    }

    /** Server agent → controller: the target could not be started, or it exited. */
    record TargetFailed(String name, String reason) implements Message {
    }

    /** Server agent → controller: the target's build (its setup) said it cannot work on that host: its line. */
    record TargetUnavailable(String name, String reason) implements Message {
    }

    /**
     * Controller → server agent: sample the target over the window that starts at
     * {@code startEpochNanos} (controller's clock) plus {@code warmupNanos}, slice by slice.
     */
    record WatchServer(String caseId, long startEpochNanos, long clockOffsetNanos, long warmupNanos, long sliceNanos)
            implements Message {
    }

    /** Controller → server agent: the load is over; send the window. */
    record EndWatch(String caseId) implements Message {
    }

    /** One slice of the server's window: its CPU time and what others used of the host's CPUs. */
    record ServerSlice(long startNanos, long endNanos, long cpuNanos, Double otherShare, Double stealShare) {
    }

    /** Server agent → controller: what the target used over the window. */
    record ServerWindow(String caseId, long userNanos, long systemNanos, long peakRssBytes, long averageRssBytes,
                        List<ServerSlice> slices, Double otherShare, Double stealShare, Double busiestSliceOtherShare,
                        boolean disturbed, boolean alive, Double compileSeconds, Double compileShare)
            implements Message {
    }

    /** Controller → server agent: how much CPU the target's JIT compilers used since the last reading (the warm-up). */
    record ReadCompilers() implements Message {
    }

    /**
     * Server agent → controller: the target's JIT compilers' CPU time since the previous reading (or
     * since the target started); {@code hasCompiler} false for a runtime without JIT or no target.
     */
    record CompilerReading(boolean hasCompiler, long cpuNanos) implements Message {
    }

    /** Controller → server agent: stop the target. */
    record StopTarget() implements Message {
    }

    /** Server agent → controller: the target is stopped (or none was running). */
    record TargetStopped() implements Message {
    }
}
