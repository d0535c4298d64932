package showdown.load.fieldcoding;

import io.netty.buffer.ByteBuf;

/**
 * What HPACK (RFC 7541) and QPACK (RFC 9204) decoding share here: prefix integers, and reading a
 * {@code :status} value. Public for the HTTP/2 layer's HPACK reader and the HTTP/3 layer's QPACK reader.
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
