package showdown.load.http2;

import static showdown.load.http2.H2FrameReader.ACK;
import static showdown.load.http2.H2FrameReader.DATA;
import static showdown.load.http2.H2FrameReader.END_HEADERS;
import static showdown.load.http2.H2FrameReader.END_STREAM;
import static showdown.load.http2.H2FrameReader.HEADERS;
import static showdown.load.http2.H2FrameReader.PING;
import static showdown.load.http2.H2FrameReader.SETTINGS;
import static showdown.load.http2.H2FrameWriter.frame;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A canned h2c server (HTTP/2 with prior knowledge) on a loopback port, for the launcher's training
 * run ({@code showdown train-archive}): a HEADERS frame that ends its stream is answered with 200
 * and {@code Hello, World!}; SETTINGS and PING are acknowledged. It frames with
 * {@link H2FrameWriter} and encodes its header block as the client encodes its requests
 * ({@link H2Request}), so the training run exercises the client's HTTP/2 path without a third copy
 * of the framing. One platform thread per connection: it serves a short loopback run, not a benchmark.
 */
public final class H2TrainingServer implements AutoCloseable {

    private static final int PREFACE_LENGTH = 24;
    private static final byte[] BODY = "Hello, World!".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HEADER_BLOCK = H2Request.headerBlock(new DefaultHttp2Headers().status("200")
            .add("content-type", "text/plain").add("content-length", Integer.toString(BODY.length)));
    private static final byte[] EMPTY = new byte[0];

    private final ServerSocket listener;
    private final List<Socket> clients = new CopyOnWriteArrayList<>();

    /** Binds a loopback port and starts accepting. */
    public H2TrainingServer() throws IOException {
        listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofPlatform().daemon().name("train-h2-accept").start(this::accept);
    }

    /** The URL to load (with {@code --h2}). */
    public String url() {
        return "http://127.0.0.1:" + listener.getLocalPort() + "/";
    }

    private void accept() {
        try {
            while (true) {
                Socket s = listener.accept();
                clients.add(s);
                Thread.ofPlatform().daemon().name("train-h2-conn").start(() -> serve(s));
            }
        } catch (IOException closed) {
            // close() ends the accept loop
        }
    }

    /** Reads frames one by one and writes what they call for once nothing more is buffered, as a read loop would. */
    private static void serve(Socket s) {
        ByteBuf out = Unpooled.buffer(4096);
        try (s; InputStream input = s.getInputStream(); OutputStream output = s.getOutputStream()) {
            DataInputStream in = new DataInputStream(new BufferedInputStream(input, 16_384));
            in.readFully(new byte[PREFACE_LENGTH]);
            frame(out, SETTINGS, 0, 0, EMPTY);
            while (true) {
                int length = in.readUnsignedByte() << 16 | in.readUnsignedShort();
                int type = in.readUnsignedByte();
                int flags = in.readUnsignedByte();
                int stream = in.readInt() & 0x7fff_ffff;
                byte[] payload = new byte[length];
                in.readFully(payload);
                boolean ack = (flags & ACK) != 0;
                if (type == SETTINGS && !ack) {
                    frame(out, SETTINGS, ACK, 0, EMPTY);
                } else if (type == PING && !ack) {
                    frame(out, PING, ACK, 0, payload);
                } else if (type == HEADERS && (flags & END_STREAM) != 0) {
                    frame(out, HEADERS, END_HEADERS, stream, HEADER_BLOCK);
                    frame(out, DATA, END_STREAM, stream, BODY);
                }
                if (in.available() == 0 && out.isReadable()) {
                    out.readBytes(output, out.readableBytes());
                    out.clear();
                }
            }
        } catch (IOException gone) {
            // the load run closed its socket (an EOFException mid-frame, or a reset)
        } finally {
            out.release();
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket s : clients) {
            s.close();
        }
    }
}
