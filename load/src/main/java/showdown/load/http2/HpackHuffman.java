package showdown.load.http2;

import io.netty.buffer.ByteBuf;
import java.lang.reflect.Field;

/**
 * HPACK's Huffman code (RFC 7541 Appendix B), decoded a nibble at a time without allocating. The
 * states are the inner nodes of the code's tree (0 is the root); each (state, nibble) pair has its
 * precomputed next state and the symbol it completes, if any (codes are at least 5 bits long, so a
 * nibble completes at most one).
 *
 * <p>The code table itself is read once from Netty's HPACK implementation, which this module
 * already ships, rather than typed out again: 257 codes are easy to get wrong by hand, and the tests
 * check the result against Netty's encoder.
 */
final class HpackHuffman {

    private static final int EOS = 256;
    private static final int STATE_MASK = 0x1ff;
    private static final int EMITS = 1 << 9;
    private static final int SYMBOL_SHIFT = 10;
    private static final int FAIL = -1;

    /** {@code TRANSITIONS[state << 4 | nibble]}: next state, {@link #EMITS} and the symbol, or {@link #FAIL}. */
    private static final int[] TRANSITIONS;
    /** The states a string may end in: the root, or up to 7 bits into EOS's code (all ones), as padding. */
    private static final boolean[] ACCEPTS;

    static {
        int[] codes = nettyTable("HUFFMAN_CODES", int[].class);
        byte[] lengths = nettyTable("HUFFMAN_CODE_LENGTHS", byte[].class);
        int[][] child = new int[EOS + 1][2]; // inner node -> its two children: an inner node, or -(symbol + 1)
        int inner = 1;
        for (int symbol = 0; symbol <= EOS; symbol++) {
            int node = 0;
            for (int bit = lengths[symbol] - 1; bit > 0; bit--) {
                int b = (codes[symbol] >>> bit) & 1;
                if (child[node][b] == 0) {
                    child[node][b] = inner++;
                }
                node = child[node][b];
            }
            child[node][codes[symbol] & 1] = -(symbol + 1);
        }
        TRANSITIONS = new int[inner << 4];
        for (int state = 0; state < inner; state++) {
            for (int nibble = 0; nibble < 16; nibble++) {
                TRANSITIONS[state << 4 | nibble] = walk(child, state, nibble);
            }
        }
        ACCEPTS = new boolean[inner];
        ACCEPTS[0] = true;
        for (int node = child[0][1], k = 0; k < 7 && node > 0; node = child[node][1], k++) {
            ACCEPTS[node] = true;
        }
    }

    private HpackHuffman() {
    }

    private static int walk(int[][] child, int state, int nibble) {
        int node = state;
        int emitted = 0;
        for (int bit = 3; bit >= 0; bit--) {
            int next = child[node][(nibble >>> bit) & 1];
            if (next < 0) {
                int symbol = -next - 1;
                if (symbol == EOS) {
                    return FAIL; // EOS inside a string is an error (RFC 7541 §5.2)
                }
                emitted = EMITS | symbol << SYMBOL_SHIFT;
                node = 0;
            } else {
                node = next;
            }
        }
        return node | emitted;
    }

    /**
     * Decodes {@code buf[from, to)}, writing the first symbols into {@code head} (as many as fit).
     *
     * @return the decoded length, or -1 when the bytes are not a valid Huffman string
     */
    static int decode(ByteBuf buf, int from, int to, byte[] head) {
        int state = 0;
        int length = 0;
        for (int i = from; i < to; i++) {
            int b = buf.getUnsignedByte(i);
            for (int shift = 4; shift >= 0; shift -= 4) {
                int t = TRANSITIONS[state << 4 | (b >>> shift) & 0xf];
                if (t == FAIL) {
                    return -1;
                }
                if ((t & EMITS) != 0) {
                    if (length < head.length) {
                        head[length] = (byte) (t >>> SYMBOL_SHIFT);
                    }
                    length++;
                }
                state = t & STATE_MASK;
            }
        }
        return ACCEPTS[state] ? length : -1;
    }

    private static <T> T nettyTable(String name, Class<T> type) {
        try {
            Field f = Class.forName("io.netty.handler.codec.http2.HpackUtil").getDeclaredField(name);
            f.setAccessible(true);
            return type.cast(f.get(null));
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot read HPACK's Huffman table from Netty (" + name + ")", e);
        }
    }
}
