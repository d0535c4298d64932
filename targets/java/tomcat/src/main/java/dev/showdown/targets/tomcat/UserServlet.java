package dev.showdown.targets.tomcat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** {@code GET /user/{id}} echoes the id; {@code POST /user} echoes the body byte for byte. */
final class UserServlet extends TextServlet {
    /** Request bodies above this many bytes get 413. */
    static final long MAX_REQUEST_BYTES = 40_000_000L;
    static final String DEFAULT_ECHO_TYPE = "application/octet-stream";
    private static final int READ_CHUNK_BYTES = 16 * 1024;

    @Override
    String body(HttpServletRequest request) {
        return PathSegments.single(request); // null for GET /user itself: 404
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (request.getPathInfo() != null) {
            response.sendError(HttpServletResponse.SC_NOT_FOUND); // only POST /user echoes
            return;
        }
        byte[] body = readBounded(request);
        if (body == null) {
            // Tomcat's only body limit (maxPostSize) covers form posts, so the servlet counts
            // both declared and chunked bodies itself.
            response.sendError(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE);
            return;
        }
        String type = request.getContentType();
        response.setContentType(type != null ? type : DEFAULT_ECHO_TYPE);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    /** @return the body, or {@code null} when it is longer than {@link #MAX_REQUEST_BYTES} */
    private static byte[] readBounded(HttpServletRequest request) throws IOException {
        long declared = request.getContentLengthLong();
        if (declared > MAX_REQUEST_BYTES) {
            return null;
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream(declared > 0 ? (int) declared : READ_CHUNK_BYTES);
        byte[] chunk = new byte[READ_CHUNK_BYTES];
        InputStream in = request.getInputStream();
        int n;
        while ((n = in.read(chunk)) != -1) {
            if (body.size() + n > MAX_REQUEST_BYTES) {
                return null;
            }
            body.write(chunk, 0, n);
        }
        return body.toByteArray();
    }
}
