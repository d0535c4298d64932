package showdown.load.engine;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.DefaultMaxMessagesRecvByteBufAllocator;
import java.nio.ByteBuffer;

/**
 * Reads every socket of one event loop into the same direct buffer. The loop reads one socket at a
 * time and {@link SocketConnection#channelRead} hands the bytes to a protocol that is done with
 * them before it returns (HTTP/2's frame reader copies out a frame cut off at the end of a read),
 * so one buffer serves them all: no allocator work per read, and the memory is the same from start
 * to end.
 *
 * <p>Only the read path asks a receive handle for buffers; writes and everything else keep the
 * channel's own allocator. Releasing the buffer is a no-op, and each read starts it empty. Its
 * memory belongs to a JDK direct buffer, which the garbage collector frees with the worker.
 *
 * <p>Only for transports that read in place (epoll, NIO): io_uring's reads are asynchronous, and
 * several could be in flight into the same buffer. And only where nothing between the socket and
 * the protocol keeps the buffer past the read: over TLS with the JDK's engine, Netty's handler
 * holds a record that a read cut off until the rest arrives ({@code TlsClient#keepsPartialRecords}),
 * so those sockets read into buffers of their own.
 */
final class SharedReceiveBuffer extends DefaultMaxMessagesRecvByteBufAllocator {

    /** As large as Netty's adaptive reads grow: a read never needs more. */
    static final int CAPACITY = 64 * 1024;
    /** Reads per socket per wake-up before the loop moves on, as Netty does for stream sockets. */
    private static final int READS_PER_WAKEUP = 16;

    private final ByteBuf buffer = Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(ByteBuffer.allocateDirect(CAPACITY)));

    SharedReceiveBuffer() {
        super(READS_PER_WAKEUP);
    }

    @Override
    public Handle newHandle() {
        return new MaxMessageHandle() {
            @Override
            public ByteBuf allocate(ByteBufAllocator unused) {
                return buffer.clear();
            }

            @Override
            public int guess() {
                return CAPACITY;
            }
        };
    }

}
