package showdown.load.engine;

import io.netty.channel.DefaultSelectStrategyFactory;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.SelectStrategyFactory;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.DatagramChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringDatagramChannel;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringSocketChannel;
import java.nio.channels.spi.SelectorProvider;
import java.util.concurrent.TimeUnit;
import showdown.load.LoadException;
import showdown.load.Transport;

/**
 * Maps a {@link Transport} to Netty's event loop and channel classes, checking that it loads here.
 * Public for the engine, which picks the transport before it builds the workers.
 */
public final class Transports {

    private Transports() {
    }

    /** Resolves AUTO to native epoll when it loads, else NIO. io_uring is only used when asked for. */
    public static Transport resolve(Transport requested) {
        return switch (requested) {
            case AUTO -> Epoll.isAvailable() ? Transport.EPOLL : Transport.NIO;
            case EPOLL -> {
                if (!Epoll.isAvailable()) {
                    throw new LoadException("the epoll transport is not available here: " + Epoll.unavailabilityCause());
                }
                yield Transport.EPOLL;
            }
            case IO_URING -> {
                if (!IoUring.isAvailable()) {
                    throw new LoadException("the io_uring transport is not available here: " + IoUring.unavailabilityCause());
                }
                yield Transport.IO_URING;
            }
            case NIO -> Transport.NIO;
        };
    }

    /**
     * The event loops' factory; {@code busyPollMicros > 0} makes each loop poll that long before it
     * sleeps ({@link BusyPoll}), which epoll and NIO support and io_uring does not.
     */
    public static IoHandlerFactory ioHandlerFactory(Transport t, int busyPollMicros) {
        long pollNanos = TimeUnit.MICROSECONDS.toNanos(busyPollMicros);
        SelectStrategyFactory strategy = busyPollMicros > 0 ? () -> new BusyPoll(pollNanos) : DefaultSelectStrategyFactory.INSTANCE;
        return switch (t) {
            case EPOLL -> EpollIoHandler.newFactory(0, strategy);
            case NIO -> NioIoHandler.newFactory(SelectorProvider.provider(), strategy);
            case IO_URING -> {
                if (busyPollMicros > 0) {
                    throw new IllegalArgumentException("no busy poll on io_uring (LoadSpec refuses it)");
                }
                yield IoUringIoHandler.newFactory();
            }
            case AUTO -> throw new IllegalArgumentException("resolve AUTO first");
        };
    }

    /** Whether a read completes before the loop reads another socket (so reads can share a buffer). */
    public static boolean readsInPlace(Transport t) {
        return t == Transport.EPOLL || t == Transport.NIO;
    }

    public static Class<? extends SocketChannel> channelClass(Transport t) {
        return switch (t) {
            case EPOLL -> EpollSocketChannel.class;
            case IO_URING -> IoUringSocketChannel.class;
            case NIO -> NioSocketChannel.class;
            case AUTO -> throw new IllegalArgumentException("resolve AUTO first");
        };
    }

    /** The UDP channel of a transport (QUIC, for HTTP/3). */
    public static Class<? extends DatagramChannel> datagramChannelClass(Transport t) {
        return switch (t) {
            case EPOLL -> EpollDatagramChannel.class;
            case IO_URING -> IoUringDatagramChannel.class;
            case NIO -> NioDatagramChannel.class;
            case AUTO -> throw new IllegalArgumentException("resolve AUTO first");
        };
    }
}
