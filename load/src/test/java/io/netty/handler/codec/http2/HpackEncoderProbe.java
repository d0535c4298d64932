package io.netty.handler.codec.http2;

import io.netty.buffer.ByteBuf;

/**
 * Netty's HPACK encoder as Showdown's tests need it: this class sits in Netty's package (test
 * classpath only) to reach what Netty keeps package-private, the size and length of the encoder's
 * dynamic table, so that a decoder's table can be compared with it entry for entry, and the static
 * table's names.
 */
public final class HpackEncoderProbe {

    /** Huffman for every string it shortens (threshold 0), every field indexed unless too large. */
    private final HpackEncoder encoder = new HpackEncoder(false, 16, 0);

    public void encode(Http2Headers headers, ByteBuf out) throws Http2Exception {
        encoder.encodeHeaders(1, out, headers, Http2HeadersEncoder.NEVER_SENSITIVE);
    }

    /** Changes the table's maximum size; the change is announced at the start of {@code out}. */
    public void maxTableSize(ByteBuf out, long size) throws Http2Exception {
        encoder.setMaxHeaderTableSize(out, size);
    }

    /** The names of HPACK's static table (RFC 7541 Appendix A), as Netty has them, index 1 first. */
    public static java.util.List<String> staticNames() {
        java.util.List<String> names = new java.util.ArrayList<>();
        for (int i = 1; i <= HpackStaticTable.length; i++) {
            names.add(HpackStaticTable.getEntry(i).name.toString());
        }
        return names;
    }

    public long tableSize() {
        return encoder.size();
    }

    public int entries() {
        return encoder.length();
    }
}
