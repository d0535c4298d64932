package showdown.harness.verify;

import static showdown.harness.verify.Scenarios.MIST;

import java.util.List;
import java.util.Optional;

/** S2 mist: the empty root, a capture, and the byte-exact POST echo with its 413 limit. */
final class EchoChecks {

    static final String OCTET_STREAM = "application/octet-stream";
    /** The contract's limit: a body over this many bytes gets 413. */
    static final long MAX_BODY_BYTES = 40_000_000L;
    static final int KIB = 1024;
    static final int MIB = 1024 * 1024;
    /** Chunk sizes that do not divide the bodies evenly, so a last short chunk is exercised. */
    private static final int SMALL_CHUNK_BYTES = 4_000;
    private static final int LARGE_CHUNK_BYTES = 48 * KIB;
    private static final int FRAGMENTED_BODY_BYTES = 100;
    private static final int FRAGMENT_BYTES = 7;
    private static final java.time.Duration FRAGMENT_PAUSE = java.time.Duration.ofMillis(3);
    /** User ids come from the range the seed load uses. */
    private static final int MIN_USER_ID = 1024;
    private static final int MAX_USER_ID = 3071;

    private EchoChecks() {
    }

    static List<Check> all() {
        return List.of(
                new Check(MIST, "GET /", ctx -> Expect.of(ctx.send(RawRequest.get("/")))
                        .status(200)
                        .contentType("a text type", ct -> ct.mediaType().startsWith("text/"))
                        .body("")
                        .warnUnless(r -> r.header("Content-Length").map(v -> v.trim().equals("0")).orElse(false),
                                "expected Content-Length: 0 for the empty body")
                        .result(MIST, "GET /")),
                new Check(MIST, "GET /user/{id}", ctx -> {
                    String id = Integer.toString(ctx.random().nextInt(MIN_USER_ID, MAX_USER_ID + 1));
                    return Expect.of(ctx.send(RawRequest.get("/user/" + id)))
                            .status(200).contentType(Expect.TEXT_UTF8).body(id).result(MIST, "GET /user/{id}");
                }),
                echo(0, null, 0),
                echo(0, null, SMALL_CHUNK_BYTES),
                echo(10 * KIB, null, 0),
                echo(10 * KIB, OCTET_STREAM, SMALL_CHUNK_BYTES),
                echo(MIB, OCTET_STREAM, 0),
                echo(MIB, OCTET_STREAM, LARGE_CHUNK_BYTES),
                new Check(MIST, "POST /user echoes its Content-Type", ctx -> {
                    String type = "text/plain; charset=utf-8";
                    byte[] body = "h\u00e9llo, w\u00f6rld".getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    return Expect.of(ctx.send(RawRequest.post("/user", type, body)))
                            .status(200).contentType(type).body(body).result(MIST, "POST /user echoes its Content-Type");
                }),
                fragmentedPost(),
                tooLarge());
    }

    /** A small binary POST written a few bytes at a time: the server must reassemble head and body. */
    static Check fragmentedPost() {
        String name = "POST /user split into " + FRAGMENT_BYTES + "-byte writes";
        return new Check(MIST, name, ctx -> {
            RawRequest request = RawRequest.post("/user", OCTET_STREAM, ctx.binaryBody(FRAGMENTED_BODY_BYTES));
            return Expect.of(ctx.send(request, FRAGMENT_BYTES, FRAGMENT_PAUSE))
                    .status(200).contentType(OCTET_STREAM).body(request.body()).result(MIST, name);
        });
    }

    /** POST /user with a random binary body, expecting it back byte for byte. */
    static Check echo(int bytes, String contentType, int chunkBytes) {
        String name = "POST /user echo " + RawRequest.sizeName(bytes) + (chunkBytes > 0 ? " chunked" : " Content-Length")
                + (contentType == null ? ", no Content-Type" : "");
        String expectedType = contentType == null ? OCTET_STREAM : contentType;
        return new Check(MIST, name, ctx -> {
            RawRequest request = RawRequest.post("/user", contentType, ctx.binaryBody(bytes));
            if (chunkBytes > 0) {
                request = request.chunked(chunkBytes);
            }
            return Expect.of(ctx.send(request))
                    .status(200).contentType(expectedType).body(request.body()).result(MIST, name);
        });
    }

    /**
     * One byte over the limit must get 413. The server may answer before the upload ends and close
     * the connection; a 413 read at any point counts.
     */
    static Check tooLarge() {
        String name = "POST /user over 40,000,000 bytes -> 413";
        return new Check(MIST, name, ctx -> {
            RawRequest request = RawRequest.post("/user", OCTET_STREAM, new byte[(int) (MAX_BODY_BYTES + 1)]);
            Exchange e = ctx.send(request);
            Optional<RawResponse> r = Optional.ofNullable(e.response());
            if (r.isPresent() && r.get().status() == 413) {
                return CheckResult.pass(MIST, name, e.sentLength() < request.body().length
                        ? "answered after " + e.sentLength() + " bytes" : "");
            }
            return Expect.of(e).status(413).result(MIST, name);
        });
    }
}
