package showdown.load.fieldcoding;

import io.netty.buffer.ByteBuf;

/**
 * HPACK's and QPACK's Huffman code (RFC 7541 Appendix B), decoded a nibble at a time without allocating. The
 * states are the inner nodes of the code's tree (0 is the root); each (state, nibble) pair has its
 * precomputed next state and the symbol it completes, if any (codes are at least 5 bits long, so a
 * nibble completes at most one).
 *
 * <p>The code is our own copy of RFC 7541 Appendix B, not Netty's internal table read by
 * reflection: that would break whenever Netty renamed a private field or a module system closed
 * it. {@code HpackHuffmanTest} checks the copy against the RFC's examples and against Netty's public
 * HPACK decoder, for every byte value.
 */
public final class HpackHuffman {

    private static final int EOS = 256;
    private static final int STATE_MASK = 0x1ff;
    private static final int EMITS = 1 << 9;
    private static final int SYMBOL_SHIFT = 10;
    private static final int FAIL = -1;

    /**
     * RFC 7541 Appendix B: for each symbol (the 256 byte values, then EOS), its code, right-aligned,
     * and the code's length in bits. Four symbols a row; the comment is the row's first symbol.
     */
    private static final int[] CODES_AND_LENGTHS = {
        0x1ff8, 13, 0x7fffd8, 23, 0xfffffe2, 28, 0xfffffe3, 28, // 0
        0xfffffe4, 28, 0xfffffe5, 28, 0xfffffe6, 28, 0xfffffe7, 28, // 4
        0xfffffe8, 28, 0xffffea, 24, 0x3ffffffc, 30, 0xfffffe9, 28, // 8
        0xfffffea, 28, 0x3ffffffd, 30, 0xfffffeb, 28, 0xfffffec, 28, // 12
        0xfffffed, 28, 0xfffffee, 28, 0xfffffef, 28, 0xffffff0, 28, // 16
        0xffffff1, 28, 0xffffff2, 28, 0x3ffffffe, 30, 0xffffff3, 28, // 20
        0xffffff4, 28, 0xffffff5, 28, 0xffffff6, 28, 0xffffff7, 28, // 24
        0xffffff8, 28, 0xffffff9, 28, 0xffffffa, 28, 0xffffffb, 28, // 28
        0x14, 6, 0x3f8, 10, 0x3f9, 10, 0xffa, 12, // 32
        0x1ff9, 13, 0x15, 6, 0xf8, 8, 0x7fa, 11, // 36
        0x3fa, 10, 0x3fb, 10, 0xf9, 8, 0x7fb, 11, // 40
        0xfa, 8, 0x16, 6, 0x17, 6, 0x18, 6, // 44
        0x0, 5, 0x1, 5, 0x2, 5, 0x19, 6, // 48
        0x1a, 6, 0x1b, 6, 0x1c, 6, 0x1d, 6, // 52
        0x1e, 6, 0x1f, 6, 0x5c, 7, 0xfb, 8, // 56
        0x7ffc, 15, 0x20, 6, 0xffb, 12, 0x3fc, 10, // 60
        0x1ffa, 13, 0x21, 6, 0x5d, 7, 0x5e, 7, // 64
        0x5f, 7, 0x60, 7, 0x61, 7, 0x62, 7, // 68
        0x63, 7, 0x64, 7, 0x65, 7, 0x66, 7, // 72
        0x67, 7, 0x68, 7, 0x69, 7, 0x6a, 7, // 76
        0x6b, 7, 0x6c, 7, 0x6d, 7, 0x6e, 7, // 80
        0x6f, 7, 0x70, 7, 0x71, 7, 0x72, 7, // 84
        0xfc, 8, 0x73, 7, 0xfd, 8, 0x1ffb, 13, // 88
        0x7fff0, 19, 0x1ffc, 13, 0x3ffc, 14, 0x22, 6, // 92
        0x7ffd, 15, 0x3, 5, 0x23, 6, 0x4, 5, // 96
        0x24, 6, 0x5, 5, 0x25, 6, 0x26, 6, // 100
        0x27, 6, 0x6, 5, 0x74, 7, 0x75, 7, // 104
        0x28, 6, 0x29, 6, 0x2a, 6, 0x7, 5, // 108
        0x2b, 6, 0x76, 7, 0x2c, 6, 0x8, 5, // 112
        0x9, 5, 0x2d, 6, 0x77, 7, 0x78, 7, // 116
        0x79, 7, 0x7a, 7, 0x7b, 7, 0x7ffe, 15, // 120
        0x7fc, 11, 0x3ffd, 14, 0x1ffd, 13, 0xffffffc, 28, // 124
        0xfffe6, 20, 0x3fffd2, 22, 0xfffe7, 20, 0xfffe8, 20, // 128
        0x3fffd3, 22, 0x3fffd4, 22, 0x3fffd5, 22, 0x7fffd9, 23, // 132
        0x3fffd6, 22, 0x7fffda, 23, 0x7fffdb, 23, 0x7fffdc, 23, // 136
        0x7fffdd, 23, 0x7fffde, 23, 0xffffeb, 24, 0x7fffdf, 23, // 140
        0xffffec, 24, 0xffffed, 24, 0x3fffd7, 22, 0x7fffe0, 23, // 144
        0xffffee, 24, 0x7fffe1, 23, 0x7fffe2, 23, 0x7fffe3, 23, // 148
        0x7fffe4, 23, 0x1fffdc, 21, 0x3fffd8, 22, 0x7fffe5, 23, // 152
        0x3fffd9, 22, 0x7fffe6, 23, 0x7fffe7, 23, 0xffffef, 24, // 156
        0x3fffda, 22, 0x1fffdd, 21, 0xfffe9, 20, 0x3fffdb, 22, // 160
        0x3fffdc, 22, 0x7fffe8, 23, 0x7fffe9, 23, 0x1fffde, 21, // 164
        0x7fffea, 23, 0x3fffdd, 22, 0x3fffde, 22, 0xfffff0, 24, // 168
        0x1fffdf, 21, 0x3fffdf, 22, 0x7fffeb, 23, 0x7fffec, 23, // 172
        0x1fffe0, 21, 0x1fffe1, 21, 0x3fffe0, 22, 0x1fffe2, 21, // 176
        0x7fffed, 23, 0x3fffe1, 22, 0x7fffee, 23, 0x7fffef, 23, // 180
        0xfffea, 20, 0x3fffe2, 22, 0x3fffe3, 22, 0x3fffe4, 22, // 184
        0x7ffff0, 23, 0x3fffe5, 22, 0x3fffe6, 22, 0x7ffff1, 23, // 188
        0x3ffffe0, 26, 0x3ffffe1, 26, 0xfffeb, 20, 0x7fff1, 19, // 192
        0x3fffe7, 22, 0x7ffff2, 23, 0x3fffe8, 22, 0x1ffffec, 25, // 196
        0x3ffffe2, 26, 0x3ffffe3, 26, 0x3ffffe4, 26, 0x7ffffde, 27, // 200
        0x7ffffdf, 27, 0x3ffffe5, 26, 0xfffff1, 24, 0x1ffffed, 25, // 204
        0x7fff2, 19, 0x1fffe3, 21, 0x3ffffe6, 26, 0x7ffffe0, 27, // 208
        0x7ffffe1, 27, 0x3ffffe7, 26, 0x7ffffe2, 27, 0xfffff2, 24, // 212
        0x1fffe4, 21, 0x1fffe5, 21, 0x3ffffe8, 26, 0x3ffffe9, 26, // 216
        0xffffffd, 28, 0x7ffffe3, 27, 0x7ffffe4, 27, 0x7ffffe5, 27, // 220
        0xfffec, 20, 0xfffff3, 24, 0xfffed, 20, 0x1fffe6, 21, // 224
        0x3fffe9, 22, 0x1fffe7, 21, 0x1fffe8, 21, 0x7ffff3, 23, // 228
        0x3fffea, 22, 0x3fffeb, 22, 0x1ffffee, 25, 0x1ffffef, 25, // 232
        0xfffff4, 24, 0xfffff5, 24, 0x3ffffea, 26, 0x7ffff4, 23, // 236
        0x3ffffeb, 26, 0x7ffffe6, 27, 0x3ffffec, 26, 0x3ffffed, 26, // 240
        0x7ffffe7, 27, 0x7ffffe8, 27, 0x7ffffe9, 27, 0x7ffffea, 27, // 244
        0x7ffffeb, 27, 0xffffffe, 28, 0x7ffffec, 27, 0x7ffffed, 27, // 248
        0x7ffffee, 27, 0x7ffffef, 27, 0x7fffff0, 27, 0x3ffffee, 26, // 252
        0x3fffffff, 30, // 256
    };

    /** {@code TRANSITIONS[state << 4 | nibble]}: next state, {@link #EMITS} and the symbol, or {@link #FAIL}. */
    private static final int[] TRANSITIONS;
    /** The states a string may end in: the root, or up to 7 bits into EOS's code (all ones), as padding. */
    private static final boolean[] ACCEPTS;

    static {
        int[][] child = new int[EOS + 1][2]; // inner node -> its two children: an inner node, or -(symbol + 1)
        int inner = 1;
        for (int symbol = 0; symbol <= EOS; symbol++) {
            int node = 0;
            for (int bit = codeLength(symbol) - 1; bit > 0; bit--) {
                int b = (code(symbol) >>> bit) & 1;
                if (child[node][b] == 0) {
                    child[node][b] = inner++;
                }
                node = child[node][b];
            }
            child[node][code(symbol) & 1] = -(symbol + 1);
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

    /** The code of {@code symbol} (0-255, or 256 for EOS), right-aligned in {@link #codeLength} bits. */
    public static int code(int symbol) {
        return CODES_AND_LENGTHS[2 * symbol];
    }

    public static int codeLength(int symbol) {
        return CODES_AND_LENGTHS[2 * symbol + 1];
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
    public static int decode(ByteBuf buf, int from, int to, byte[] head) {
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
}
