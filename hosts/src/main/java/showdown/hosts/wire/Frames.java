package showdown.hosts.wire;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;

/**
 * Frames on the control channel: a 4-byte big-endian length, then that many bytes of UTF-8 JSON.
 * A frame is at most {@value #MAX_FRAME_BYTES} bytes: a histogram of a slice in its compressed
 * encoding is a few kilobytes, so anything near the limit is a broken or hostile peer.
 */
public final class Frames {

    public static final int MAX_FRAME_BYTES = 16 * 1024 * 1024;

    private Frames() {
    }

    public static void write(DataOutputStream out, byte[] payload) throws IOException {
        checkLength(payload);
        out.writeInt(payload.length);
        out.write(payload);
        out.flush();
    }

    /** Refuses a payload over {@link #MAX_FRAME_BYTES}. */
    static void checkLength(byte[] payload) throws IOException {
        if (payload.length > MAX_FRAME_BYTES) {
            throw new IOException("frame of " + payload.length + " bytes is over the limit of " + MAX_FRAME_BYTES);
        }
    }

    /** The next frame's payload; {@link EOFException} when the peer closed the channel between frames. */
    public static byte[] read(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > MAX_FRAME_BYTES) {
            throw new IOException("frame length " + length + " is outside 0.." + MAX_FRAME_BYTES);
        }
        byte[] payload = new byte[length];
        in.readFully(payload);
        return payload;
    }
}
