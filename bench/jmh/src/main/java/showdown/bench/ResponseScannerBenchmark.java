package showdown.bench;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import showdown.load.http1.ResponseScanner;

/**
 * How long the response scanner takes per response, for the responses the seed benchmarks see:
 * a plaintext answer as nginx sends it, a chunked one, and the ~2 KB showdown page. Sixteen
 * responses sit in one buffer, as they do when pipelining.
 *
 * <p>Run: {@code java -jar bench/jmh/target/benchmarks.jar ResponseScanner}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ResponseScannerBenchmark {

    private static final int RESPONSES_PER_BUFFER = 16;

    @Param({"plaintext", "chunked", "page"})
    public String kind;

    private ByteBuf buffer;
    private final ResponseScanner scanner = new ResponseScanner();

    @Setup
    public void setUp() {
        String one = switch (kind) {
            case "plaintext" -> "HTTP/1.1 200 OK\r\nServer: nginx\r\nDate: Mon, 30 Nov 2026 00:57:37 GMT\r\n"
                    + "Content-Type: text/plain\r\nContent-Length: 13\r\nConnection: keep-alive\r\n\r\nHello, World!";
            case "chunked" -> "HTTP/1.1 200 OK\r\nServer: x\r\nDate: Mon, 30 Nov 2026 00:57:37 GMT\r\n"
                    + "Content-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\nd\r\nHello, World!\r\n0\r\n\r\n";
            default -> "HTTP/1.1 200 OK\r\nServer: x\r\nDate: Mon, 30 Nov 2026 00:57:37 GMT\r\n"
                    + "Content-Type: text/html; charset=utf-8\r\nContent-Length: 2000\r\n\r\n" + "x".repeat(2000);
        };
        byte[] bytes = one.repeat(RESPONSES_PER_BUFFER).getBytes(StandardCharsets.ISO_8859_1);
        // The allocator the load engine reads into (Netty 4.2: pooled, adaptive, direct).
        buffer = ByteBufAllocator.DEFAULT.directBuffer(bytes.length).writeBytes(bytes);
    }

    @Benchmark
    @OperationsPerInvocation(RESPONSES_PER_BUFFER)
    public int scanSixteenResponses() {
        int i = buffer.readerIndex();
        int end = buffer.writerIndex();
        int statusSum = 0;
        while (i < end) {
            i = scanner.scan(buffer, i, end);
            statusSum += scanner.status();
        }
        return statusSum;
    }
}
