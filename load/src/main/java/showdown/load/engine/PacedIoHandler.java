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

/**
 * The open model's timer: wraps an event loop's I/O handler (epoll, io_uring or NIO) so that its
 * wait for I/O ends at the loop's next due time as well as at its next scheduled task's, and after
 * each wait runs its {@link Pacer}. One wait a wake-up, whatever the number of connections, and no
 * task allocated per request. With no pacer attached (the closed model is never wrapped) it is the
 * handler it wraps. Public for the engine, which builds the loops with its {@link Factory}.
 */
public final class PacedIoHandler implements IoHandler {

    private final IoHandler io;
    /** Netty's deadlines count from this {@code System.nanoTime()}; due times are absolute. */
    private final long deadlineOrigin;
    private final DueContext dueContext = new DueContext();
    private Pacer pacer;

    private PacedIoHandler(IoHandler io, long deadlineOrigin) {
        this.io = io;
        this.deadlineOrigin = deadlineOrigin;
    }

    /** On the loop: from now on the loop wakes for {@code p}'s due times. */
    void attach(Pacer p) {
        this.pacer = p;
    }

    @Override
    public int run(IoHandlerContext context) {
        Pacer p = pacer;
        if (p == null) {
            return io.run(context);
        }
        long due = p.nextDueNanos();
        int handled = due == Long.MAX_VALUE ? io.run(context) : io.run(dueContext.around(context, due));
        p.release();
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
            return loop.canBlock() && dueNanos - System.nanoTime() > 0;
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
            PacedIoHandler h = new PacedIoHandler(io.newHandler(loop), origin);
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
