package dev.showdown.targets.springmvc;

import java.io.IOException;
import java.io.InputStream;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/** S2's POST /user: echoes the request body byte for byte, with the request's Content-Type. */
@RestController
public class UserEchoController {

    /**
     * Largest body echoed, in bytes. Tomcat has no size limit for non-form bodies (its
     * max-http-form-post-size covers forms only), so the limit is enforced while reading.
     */
    static final int MAX_BODY_BYTES = 40_000_000;

    @PostMapping("/user")
    public ResponseEntity<byte[]> echo(
            @RequestHeader(value = HttpHeaders.CONTENT_TYPE, required = false) String contentType,
            @RequestHeader(value = HttpHeaders.CONTENT_LENGTH, required = false) Long contentLength,
            InputStream body) throws IOException {
        // A declared length over the limit is refused before reading a byte of it.
        if (contentLength != null && contentLength > MAX_BODY_BYTES) {
            return tooLarge();
        }
        // Chunked bodies carry no length: read one byte past the limit to tell "at" from "over".
        byte[] bytes = body.readNBytes(MAX_BODY_BYTES + 1);
        if (bytes.length > MAX_BODY_BYTES) {
            return tooLarge();
        }
        // The raw header value is echoed as sent (MediaType would re-format its parameters).
        String type = contentType == null ? MediaType.APPLICATION_OCTET_STREAM_VALUE : contentType;
        return ResponseEntity.ok().header(HttpHeaders.CONTENT_TYPE, type).body(bytes);
    }

    /** An empty 413 that still names a Content-Type, as the contract asks of every response. */
    private static ResponseEntity<byte[]> tooLarge() {
        return ResponseEntity.status(HttpStatus.PAYLOAD_TOO_LARGE).contentType(MediaType.TEXT_PLAIN).build();
    }
}
