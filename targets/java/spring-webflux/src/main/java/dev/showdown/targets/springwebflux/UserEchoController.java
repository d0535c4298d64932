package dev.showdown.targets.springwebflux;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;

import reactor.core.publisher.Mono;

/**
 * S2's POST /user: echoes the request body byte for byte, with the request's Content-Type.
 * It joins the raw body buffers rather than binding {@code @RequestBody byte[]}, because WebFlux
 * refuses form content types for a request body (415) and the echo must take any type.
 */
@RestController
public class UserEchoController {

    /** Largest body echoed, in bytes; a larger one is answered 413 Payload Too Large. */
    static final int MAX_BODY_BYTES = 40_000_000;

    @PostMapping("/user")
    public Mono<ResponseEntity<DataBuffer>> echo(ServerWebExchange exchange) {
        HttpHeaders headers = exchange.getRequest().getHeaders();
        // A declared length over the limit is refused before reading a byte of it.
        if (headers.getContentLength() > MAX_BODY_BYTES) {
            return Mono.just(tooLarge());
        }
        String contentType = headers.getFirst(HttpHeaders.CONTENT_TYPE);
        // The raw header value is echoed as sent (MediaType would re-format its parameters).
        String type = contentType == null ? MediaType.APPLICATION_OCTET_STREAM_VALUE : contentType;
        // join() enforces the limit for chunked bodies too, and the joined buffer is written
        // back as is (the encoder releases it), so the bytes are never copied into a byte[].
        return DataBufferUtils.join(exchange.getRequest().getBody(), MAX_BODY_BYTES)
                .defaultIfEmpty(exchange.getResponse().bufferFactory().allocateBuffer(0))
                .map(body -> ResponseEntity.ok().header(HttpHeaders.CONTENT_TYPE, type).body(body))
                .onErrorResume(DataBufferLimitException.class, e -> Mono.just(tooLarge()));
    }

    /** An empty 413 that still names a Content-Type, as the contract asks of every response. */
    private static ResponseEntity<DataBuffer> tooLarge() {
        return ResponseEntity.status(HttpStatus.PAYLOAD_TOO_LARGE).contentType(MediaType.TEXT_PLAIN).build();
    }
}
