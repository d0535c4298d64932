package showdown.load.http3;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufHolder;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.FixedRecvByteBufAllocator;
import io.netty.channel.ChannelPromise;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollDatagramChannel;
import java.net.InetSocketAddress;
import showdown.load.engine.Endpoint;
import showdown.load.stats.WorkerStats;

/**
 * The UDP socket that one worker's HTTP/3 connections to one server share, with the one QUIC codec
 * that tells their packets apart by connection ID. Shared, one wake-up of the worker's loop reads
 * the datagrams of many connections (with epoll, up to {@link #DATAGRAMS_PER_READ} in one
 * {@code recvmmsg}), and the packets all of them answer with leave in one flush ({@code sendmmsg}),
 * where a socket per connection costs a read loop, and its last empty read, per connection and a
 * {@code sendto} per packet. A connection that ends (and with {@code --no-keepalive} every request
 * ends one) leaves the socket and codec to the next: no socket to bind, no native quiche config to
 * build per handshake.
 *
 * <p>States: {@link State#UNBOUND} (nothing bound yet, or the last socket failed or closed: the next
 * {@link #bind()} binds again), {@link State#BOUND} (bound or binding: {@link #bind()} hands out the
 * same future), {@link State#CLOSED} (the last connection using it closed). Confined to the worker's
 * loop, as its connections are.
 */
final class H3Socket {

    /** Datagrams one read takes from the socket with epoll's {@code recvmmsg}. */
    static final int DATAGRAMS_PER_READ = 32;
    /**
     * The largest UDP payload read, offered to the server as QUIC's {@code max_udp_payload_size}
     * so that none it sends is cut: a read slot holds one datagram of this size.
     */
    static final int MAX_DATAGRAM_BYTES = 2048;
    /** Asked of the kernel for the socket's receive buffer (capped by {@code net.core.rmem_max}). */
    private static final int RECEIVE_BUFFER_BYTES = 4 << 20;

    enum State { UNBOUND, BOUND, CLOSED }

    private final EventLoop loop;
    private final Endpoint endpoint;
    private final H3Client client;
    private final WorkerStats stats;
    private State state = State.UNBOUND;
    private ChannelFuture binding;
    private int users;

    H3Socket(EventLoop loop, Endpoint endpoint, H3Client client, WorkerStats stats) {
        this.loop = loop;
        this.endpoint = endpoint;
        this.client = client;
        this.stats = stats;
    }

    /** A connection will use this socket: it stays open until the last one has {@link #release()}d it. */
    void retain() {
        users++;
    }

    /** A connection is done with the socket; the last one closes it. */
    void release() {
        if (--users == 0) {
            state = State.CLOSED;
            if (binding != null) {
                binding.channel().close();
                binding = null;
            }
        }
    }

    /**
     * The socket, bound or being bound, for a connection that holds it ({@link #retain()}). A socket
     * whose bind failed, or that has closed, is bound afresh on the next call.
     */
    ChannelFuture bind() {
        if (state == State.CLOSED) {
            throw new IllegalStateException("bind() after the last connection released the socket");
        }
        if (state == State.BOUND && (!binding.isDone() || (binding.isSuccess() && binding.channel().isActive()))) {
            return binding;
        }
        state = State.BOUND;
        Bootstrap b = new Bootstrap().group(loop).channel(client.datagramClass())
                .option(ChannelOption.SO_RCVBUF, RECEIVE_BUFFER_BYTES)
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(new DatagramCounter(), client.codec(endpoint, MAX_DATAGRAM_BYTES));
                    }
                });
        if (client.datagramClass() == EpollDatagramChannel.class) {
            // a read buffer of several datagram slots: epoll reads them with one recvmmsg
            b.option(EpollChannelOption.MAX_DATAGRAM_PAYLOAD_SIZE, MAX_DATAGRAM_BYTES)
                    .option(ChannelOption.RCVBUF_ALLOCATOR, new FixedRecvByteBufAllocator(MAX_DATAGRAM_BYTES * DATAGRAMS_PER_READ));
        }
        binding = b.bind(new InetSocketAddress(endpoint.address().getAddress().isLoopbackAddress()
                ? endpoint.address().getAddress() : null, 0));
        return binding;
    }

    /** Counts the socket's UDP payloads both ways (QUIC's packets, headers and acknowledgements included). */
    private final class DatagramCounter extends ChannelDuplexHandler {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof ByteBufHolder packet) {
                stats.read(packet.content().readableBytes());
            }
            ctx.fireChannelRead(msg);
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            if (msg instanceof ByteBufHolder packet) {
                stats.wrote(packet.content().readableBytes());
            } else if (msg instanceof ByteBuf buf) {
                stats.wrote(buf.readableBytes());
            }
            ctx.write(msg, promise);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            // ICMP port unreachable and the like: each connection's handshake timer counts its attempt
        }
    }
}
