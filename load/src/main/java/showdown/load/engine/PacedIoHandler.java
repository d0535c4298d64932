package showdown.load.engine;

import io.netty.channel.IoHandle;
import io.netty.channel.IoHandler;
import io.netty.channel.IoHandlerContext;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.IoRegistration;
import io.netty.util.concurrent.AbstractScheduledEventExecutor;
import io.netty.util.concurrent.ThreadAwareExecutor;
import io.netty.util.concurrent.Ticker;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import showdown.load.SpinLead;

/**
 * The open model's timer: wraps an event loop's I/O handler (epoll, io_uring or NIO) so that its
 * wait for I/O ends at the loop's next due time as well as at its next scheduled task's, and after
 * each wait runs its {@link Pacer}. One wait a wake-up, whatever the number of connections, and no
 * task allocated per request. With no pacer attached (the closed model is never wrapped) it is the
 * handler it wraps. Public for the engine, which builds the loops with its {@link Factory}.
 *
 * <p>Two things keep the wake-up close to the due time. When a pacer attaches, the loop's thread
 * gets a timer slack of {@link #PACING_TIMER_SLACK_NANOS} ({@link TimerSlack}): the kernel would
 * otherwise end the timed wait up to 50 µs late to group wake-ups. And with a spin lead
 * ({@link SpinLead}) the loop sleeps only until the lead before the due time, then polls for I/O
 * without blocking until the due time ({@link Thread#onSpinWait()} between polls): answers that
 * arrive meanwhile are read and timed at once, and the request is released at its due time rather
 * than when the scheduler gets round to the loop.
 */
public final class PacedIoHandler implements IoHandler {

    /**
     * The timer slack of a pacing loop's thread: 1 µs, so that a timed wait ends within a
     * microsecond of the due time instead of up to 50 µs after it (the default), which alone would
     * spend the open model's whole aim of a 50 µs pacing error at p99. Not lower: a wake-up itself
     * takes microseconds, so a slack below one would gain nothing measurable; and not 0, which
     * restores the kernel's default. It costs no extra wake-ups: the loop wakes once a due time
     * either way, only closer to it.
     */
    static final long PACING_TIMER_SLACK_NANOS = 1_000;

    private final IoHandler io;
    /** Netty's deadlines count from this {@code System.nanoTime()}; due times are absolute. */
    private final long deadlineOrigin;
    private final LongSupplier clock;
    private final DueContext dueContext = new DueContext();
    private Pacer pacer;
    /** How long before a due time the loop stops sleeping and polls; 0: it sleeps until the due time. */
    private long spinLeadNanos;

    PacedIoHandler(IoHandler io, long deadlineOrigin, LongSupplier clock) {
        this.io = io;
        this.deadlineOrigin = deadlineOrigin;
        this.clock = clock;
    }

    /**
     * On the loop: from now on the loop wakes for {@code p}'s due times, {@code spinLead} before
     * each, with its thread's timer slack lowered (what it got goes into the pacer's figures).
     */
    void attach(Pacer p, SpinLead spinLead) {
        p.timerSlack(TimerSlack.lowerForThisThread(PACING_TIMER_SLACK_NANOS));
        this.spinLeadNanos = spinLead.nanosFor(p.gapNanos());
        this.pacer = p;
    }

    @Override
    public int run(IoHandlerContext context) {
        Pacer p = pacer;
        if (p == null) {
            return io.run(context);
        }
        long due = p.nextDueNanos();
        if (due == Long.MAX_VALUE) {
            int handled = io.run(context);
            p.release();
            return handled;
        }
        int handled = io.run(dueContext.around(context, due - spinLeadNanos));
        if (spinLeadNanos > 0 && context.canBlock()) {
            handled += spinUntil(context, due);
        }
        p.release();
        return handled;
    }

    /**
     * Inside the lead: polls for I/O without blocking until {@code due}, so that answers are read as
     * they come and the release is not left to a wake-up. Before the lead (the wait ended early, for
     * I/O) it returns at once; it stops early when the loop has tasks to run.
     */
    private int spinUntil(IoHandlerContext context, long due) {
        int handled = 0;
        long now = clock.getAsLong();
        if (due - now > spinLeadNanos) {
            return 0;
        }
        while (due - now > 0 && context.canBlock()) {
            handled += io.run(dueContext.around(context, now)); // a deadline already passed: the wait cannot block
            Thread.onSpinWait();
            now = clock.getAsLong();
        }
        return handled;
    }

    /** The loop's context, with the pacer's next due time as one more deadline. Reused: no allocation per wait. */
    private final class DueContext implements IoHandlerContext {
        private IoHandlerContext loop;
        private long dueNanos;

        DueContext around(IoHandlerContext context, long due) {
            this.loop = context;
            this.dueNanos = due;
            return this;
        }

        @Override
        public boolean canBlock() {
            return loop.canBlock() && dueNanos - clock.getAsLong() > 0;
        }

        @Override
        public long delayNanos(long currentTimeNanos) {
            return Math.max(0, Math.min(loop.delayNanos(currentTimeNanos), dueNanos - currentTimeNanos));
        }

        @Override
        public long deadlineNanos() {
            long due = dueNanos - deadlineOrigin;
            long task = loop.deadlineNanos();
            return task == -1 ? due : Math.min(task, due);
        }

        @Override
        public void reportActiveIoTime(long activeNanos) {
            loop.reportActiveIoTime(activeNanos);
        }

        @Override
        public boolean shouldReportActiveIoTime() {
            return loop.shouldReportActiveIoTime();
        }
    }

    @Override
    public void initialize() {
        io.initialize();
    }

    @Override
    public void prepareToDestroy() {
        io.prepareToDestroy();
    }

    @Override
    public void destroy() {
        io.destroy();
    }

    @Override
    public IoRegistration register(IoHandle handle) throws Exception {
        return io.register(handle);
    }

    @Override
    public void wakeup() {
        io.wakeup();
    }

    @Override
    public boolean isCompatible(Class<? extends IoHandle> handleType) {
        return io.isCompatible(handleType);
    }

    /** Wraps every loop's handler, and finds the one of a given loop for its worker. */
    public static final class Factory implements IoHandlerFactory {
        private final IoHandlerFactory io;
        private final Map<ThreadAwareExecutor, PacedIoHandler> byLoop = new ConcurrentHashMap<>();

        public Factory(IoHandlerFactory io) {
            this.io = io;
        }

        @Override
        public IoHandler newHandler(ThreadAwareExecutor loop) {
            long origin = loop instanceof AbstractScheduledEventExecutor e ? e.ticker().initialNanoTime()
                    : Ticker.systemTicker().initialNanoTime();
            PacedIoHandler h = new PacedIoHandler(io.newHandler(loop), origin, System::nanoTime);
            byLoop.put(loop, h);
            return h;
        }

        /** The handler of {@code loop}; fails loudly for a loop this factory did not make. */
        PacedIoHandler of(ThreadAwareExecutor loop) {
            PacedIoHandler h = byLoop.get(loop);
            if (h == null) {
                throw new IllegalStateException("no paced I/O handler for " + loop);
            }
            return h;
        }
    }
}
