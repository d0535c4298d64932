package showdown.hosts.wire;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.Socket;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One end of the control channel over a connected (TLS) socket: messages in, from one reading
 * thread; messages out from any thread, in the order they are queued, written by the channel's
 * own writer thread. No caller ever waits on the socket: {@link #send} waits only for room in the
 * queue, and {@link #offer}, for the load clock's thread, never waits and counts what it could
 * not queue ({@link #dropped()}).
 */
public final class Channel implements Closeable {

    /** Frames waiting for the writer: minutes of slices at one a second, so a full queue means a stalled peer. */
    static final int OUTBOX_FRAMES = 1024;
    /** How long {@link #close()} lets the writer send what is queued (a refusal's reason) before it closes. */
    private static final long CLOSE_DRAIN_MILLIS = 2_000;
    private static final long POLL_MILLIS = 100;

    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;
    private final String peer;
    private final ArrayBlockingQueue<byte[]> outbox;
    private final AtomicLong dropped = new AtomicLong();
    private final Thread writer;
    private volatile boolean closing;
    private volatile IOException broken;

    public Channel(Socket socket) throws IOException {
        this(socket, OUTBOX_FRAMES);
    }

    /** With room for {@code outboxFrames} queued frames (tests make it small). */
    Channel(Socket socket, int outboxFrames) throws IOException {
        this.outbox = new ArrayBlockingQueue<>(outboxFrames);
        this.socket = socket;
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
        this.peer = socket.getInetAddress().getHostAddress() + ":" + socket.getPort();
        this.writer = Thread.ofVirtual().name("showdown-channel-writer").start(this::write);
    }

    /** The peer's address, HOST:PORT. */
    public String peer() {
        return peer;
    }

    /** Queues the message, waiting for room; an {@link IOException} once the channel is closed or broken. */
    public void send(Message m) throws IOException {
        byte[] frame = Wire.encode(m);
        Frames.checkLength(frame);
        requireOpen(); // once closing, only what was queued before goes out
        try {
            while (!outbox.offer(frame, POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                requireOpen();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while sending to " + peer);
        }
        requireOpen();
    }

    /** Sends, and says whether it went: for messages a closed channel may simply lose. */
    public boolean trySend(Message m) {
        try {
            send(m);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Queues the message if there is room, never waiting: for a thread whose timing is measured.
     * False, and counted in {@link #dropped()}, when it was not queued.
     */
    public boolean offer(Message m) {
        byte[] frame = Wire.encode(m);
        if (closing || broken != null || frame.length > Frames.MAX_FRAME_BYTES || !outbox.offer(frame)) {
            dropped.incrementAndGet();
            return false;
        }
        return true;
    }

    /** How many messages {@link #offer} could not queue since the channel opened. */
    public long dropped() {
        return dropped.get();
    }

    /** The next message; {@link java.io.EOFException} when the peer closed the channel. */
    public Message receive() throws IOException {
        return Wire.decode(Frames.read(in));
    }

    public boolean isClosed() {
        return closing || socket.isClosed();
    }

    /** Lets the writer send what is queued (for at most a moment), then closes the socket. */
    @Override
    public void close() {
        closing = true;
        if (Thread.currentThread() != writer) {
            try {
                writer.join(CLOSE_DRAIN_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            socket.close();
        } catch (IOException e) {
            // closing: nothing left to tell the peer
        }
    }

    private void requireOpen() throws IOException {
        if (broken != null) {
            throw new IOException("the connection to " + peer + " broke: " + broken.getMessage(), broken);
        }
        if (closing) {
            throw new IOException("the channel to " + peer + " is closed");
        }
    }

    private void write() {
        try {
            while (true) {
                byte[] frame = outbox.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
                if (frame != null) {
                    Frames.write(out, frame);
                } else if (closing || socket.isClosed()) {
                    return;
                }
            }
        } catch (IOException e) {
            broken = e;
            try {
                socket.close();
            } catch (IOException closing) {
                // it broke already
            }
        } catch (InterruptedException e) {
            // nothing interrupts the writer but the end of the process
        }
    }
}
