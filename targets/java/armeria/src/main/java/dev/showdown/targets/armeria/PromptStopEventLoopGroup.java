package dev.showdown.targets.armeria;

import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Event loops that stop as soon as their work is done. Armeria stops its worker and boss groups
 * with Netty's plain {@code shutdownGracefully()}, which first waits out a quiet period of 2 s in
 * which no task may arrive; by then the ports and connections are closed, so nothing can. The
 * target stopped 2.1 s after SIGTERM; with these groups it stops like its peers. Epoll as Armeria
 * picks it when its native library loads, NIO otherwise.
 */
final class PromptStopEventLoopGroup extends MultiThreadIoEventLoopGroup {

    /** Netty's own bound on the tasks still queued at shutdown. */
    private static final long SHUTDOWN_TIMEOUT_SECONDS = 15;

    PromptStopEventLoopGroup(int threads, String threadNamePrefix) {
        super(threads, new DefaultThreadFactory(threadNamePrefix), transport());
    }

    private static IoHandlerFactory transport() {
        return Epoll.isAvailable() ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
    }

    @Override
    public Future<?> shutdownGracefully() {
        return shutdownGracefully(0, SHUTDOWN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }
}
