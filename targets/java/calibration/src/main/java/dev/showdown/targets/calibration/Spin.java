package dev.showdown.targets.calibration;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpRequest;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Burns {@code SPIN_MICROS} of CPU on the event loop for every request head, before the body is
 * aggregated, so that every request (413s included) costs the server that much more CPU time.
 *
 * <p>It is busy work, not a sleep: a sleep would add latency but no CPU, and would free the event loop
 * for other connections. The loop mixes an xorshift state until {@link System#nanoTime} passes a
 * deadline, then stores the state in a field, so the JIT can drop neither the loop nor the arithmetic.
 * Wall time can pass without CPU time when the thread is preempted, so after each deadline the thread's
 * own CPU clock is read, and the loop goes on for whatever part of the budget is still unspent: the
 * spin never costs less CPU than asked, and costs at most a clock read or two (well under a
 * microsecond) more. One instance per channel, so the field is written by one thread only.
 */
final class Spin extends ChannelInboundHandlerAdapter {
    /** Rounds of xorshift between two reads of the wall clock: about as long as one {@code nanoTime} call. */
    private static final int ROUNDS_PER_CLOCK_READ = 16;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final long nanos;
    private long state = 0x9E3779B97F4A7C15L; // any non-zero seed; xorshift never reaches zero from one

    Spin(long nanos) {
        this.nanos = nanos;
    }

    /** Whether this JVM can read a thread's CPU clock, which a non-zero spin needs. */
    static boolean supported() {
        return THREADS.isCurrentThreadCpuTimeSupported();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest && nanos > 0) {
            spin();
        }
        ctx.fireChannelRead(msg);
    }

    private void spin() {
        long cpuStart = THREADS.getCurrentThreadCpuTime();
        long x = state;
        for (long unspent = nanos; unspent > 0; unspent = nanos - (THREADS.getCurrentThreadCpuTime() - cpuStart)) {
            long deadline = System.nanoTime() + unspent;
            do {
                for (int i = 0; i < ROUNDS_PER_CLOCK_READ; i++) {
                    x ^= x << 13;
                    x ^= x >>> 7;
                    x ^= x << 17;
                }
            } while (System.nanoTime() - deadline < 0);
        }
        state = x;
    }
}
