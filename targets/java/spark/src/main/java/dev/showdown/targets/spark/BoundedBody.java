package dev.showdown.targets.spark;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

import spark.Request;

/**
 * Reads a request body with an upper bound. Spark has no request size setting, and its
 * {@code request.bodyAsBytes()} reads without limit, so a chunked body has to be counted here.
 */
final class BoundedBody {
    private static final int READ_CHUNK_BYTES = 16 * 1024;

    private BoundedBody() {
    }

    /** @return the body, or {@code null} when it is longer than {@code maxBytes} */
    static byte[] read(Request request, long maxBytes) throws IOException {
        long declared = request.raw().getContentLengthLong();
        if (declared > maxBytes) {
            return null;
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream(declared > 0 ? (int) declared : READ_CHUNK_BYTES);
        byte[] chunk = new byte[READ_CHUNK_BYTES];
        try (InputStream in = request.raw().getInputStream()) {
            int n;
            while ((n = in.read(chunk)) != -1) {
                if (body.size() + n > maxBytes) {
                    return null;
                }
                body.write(chunk, 0, n);
            }
        }
        return body.toByteArray();
    }
}
