package showdown.hosts.wire;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;

/**
 * One end of the control channel over a connected (TLS) socket: messages out, each in its frame,
 * from any thread; messages in, from one reading thread.
 */
public final class Channel implements Closeable {

    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;
    private final String peer;

    public Channel(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
        this.peer = socket.getInetAddress().getHostAddress() + ":" + socket.getPort();
    }

    /** The peer's address, HOST:PORT. */
    public String peer() {
        return peer;
    }

    public void send(Message m) throws IOException {
        byte[] frame = Wire.encode(m);
        synchronized (out) {
            Frames.write(out, frame);
        }
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

    /** The next message; {@link java.io.EOFException} when the peer closed the channel. */
    public Message receive() throws IOException {
        return Wire.decode(Frames.read(in));
    }

    public boolean isClosed() {
        return socket.isClosed();
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing: nothing left to tell the peer
        }
    }
}
