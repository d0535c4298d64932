package showdown.load.engine;

import io.netty.channel.SelectStrategy;
import io.netty.util.IntSupplier;

/**
 * {@code --busy-poll}: before an event loop goes to sleep in {@code epoll_wait} (or a selector),
 * it polls for ready sockets without blocking for up to {@code pollNanos}. A server that answers
 * while the generator sleeps must wake it, and on a VM that wake-up (an interrupt to the other CPU)
 * is charged to the server's CPU: over TLS, where nginx is the bottleneck and the generator has CPU
 * to spare, nginx spent 5 % more CPU per request under showdown than under wrk, which never sleeps
 * because it has no CPU to spare. Polling briefly keeps the generator awake between answers at the
 * cost of its own CPU, so it is for a generator on CPUs of its own; on CPUs it shares with the
 * server it would take the server's time. Tasks (timeouts, the open model's schedule) run as
 * before: with tasks waiting the loop never polls.
 */
final class BusyPoll implements SelectStrategy {

    private final long pollNanos;

    BusyPoll(long pollNanos) {
        this.pollNanos = pollNanos;
    }

    @Override
    public int calculateStrategy(IntSupplier selectNow, boolean hasTasks) throws Exception {
        if (hasTasks) {
            return selectNow.get();
        }
        long deadline = System.nanoTime() + pollNanos;
        do {
            int ready = selectNow.get(); // a non-blocking epoll_wait / selectNow: the events it found are the loop's
            if (ready > 0) {
                return ready;
            }
            Thread.onSpinWait();
        } while (System.nanoTime() - deadline < 0);
        return SelectStrategy.SELECT;
    }
}
