package showdown.load.fieldcoding;

import io.netty.buffer.ByteBuf;
import java.io.ByteArrayOutputStream;

/**
 * What HPACK (RFC 7541) and QPACK (RFC 9204) coding share here: prefix integers, read and written,
 * and reading a {@code :status} value. Public for the HTTP/2 and HTTP/3 layers' readers and encoders.
 */
public final class HeaderCoding {

    private HeaderCoding() {
    }

    /**
     * The integer with a {@code prefixBits}-bit prefix at {@code buf[pos]} (RFC 7541 §5.1), read no
     * further than {@code end}.
     *
     * @return the value in the high 32 bits and the index after it in the low 32, or -1 when it is
     *         cut short by {@code end} or too large for an int
     */
    public static long prefixInteger(ByteBuf buf, int pos, int end, int prefixBits) {
        int max = (1 << prefixBits) - 1;
        int value = buf.getUnsignedByte(pos++) & max;
        if (value < max) {
            return (long) value << 32 | pos;
        }
        for (int shift = 0; ; shift += 7) {
            if (pos >= end || shift > 21) {
                return -1;
            }
            int b = buf.getUnsignedByte(pos++);
            value += (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return (long) value << 32 | pos;
            }
        }
    }

    /** Writes {@code value} as an integer with a {@code prefixBits}-bit prefix, its first byte's other bits {@code flags}. */
    public static void writePrefixInteger(ByteArrayOutputStream out, int flags, int prefixBits, long value) {
        int max = (1 << prefixBits) - 1;
        if (value < max) {
            out.write(flags | (int) value);
            return;
        }
        out.write(flags | max);
        long rest = value - max;
        while (rest >= 0x80) {
            out.write((int) (rest & 0x7f) | 0x80);
            rest >>>= 7;
        }
        out.write((int) rest);
    }

    /** The status that the first {@code length} bytes of {@code digits} spell: three decimal digits, else 0. */
    public static int status(byte[] digits, int length) {
        if (length != 3) {
            return 0;
        }
        int s = 0;
        for (int k = 0; k < 3; k++) {
            int d = digits[k] - '0';
            if (d < 0 || d > 9) {
                return 0;
            }
            s = s * 10 + d;
        }
        return s;
    }
}
