package showdown.hosts.wire;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * Histograms on the wire: HdrHistogram's compressed encoding (as {@code .hlog} files hold it),
 * in base64. Lossless: the decoded histogram has every count of the encoded one.
 */
public final class HistogramCodec {

    private HistogramCodec() {
    }

    public static String encode(Histogram h) {
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    /** The histogram, auto-resizing, so that adding others to it never overflows. */
    public static Histogram decode(String text) {
        try {
            Histogram decoded = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(text)), 0);
            Histogram h = new Histogram(decoded.getNumberOfSignificantValueDigits());
            h.add(decoded);
            return h;
        } catch (DataFormatException | IllegalArgumentException e) {
            throw new WireException("a histogram that does not decode: " + e.getMessage());
        }
    }
}
