package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When wrk is installed: wrk and {@code showdown load}, against the same server, agree on the bytes
 * of each response and on how many responses were not 2xx/3xx. (A Lua {@code done} hook makes wrk
 * print exact totals instead of rounded ones.)
 */
class WrkAgreementTest {

    private static final Pattern WRK_TOTALS = Pattern.compile("requests=(\\d+) bytes=(\\d+) status=(\\d+)");

    @Test
    void wrkAndShowdownCountTheSame(@TempDir Path dir) throws Exception {
        assumeTrue(onPath("wrk"), "wrk is not installed");
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", exchange -> {
            byte[] body = "{\"message\":\"Hello, World!\"}".getBytes(StandardCharsets.US_ASCII);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(exchange.getRequestURI().getPath().equals("/missing") ? 404 : 200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            Path script = dir.resolve("totals.lua");
            Files.writeString(script, "done = function(summary, latency, requests)\n"
                    + "  io.write(string.format(\"requests=%d bytes=%d status=%d\\n\","
                    + " summary.requests, summary.bytes, summary.errors.status))\nend\n");
            for (String path : List.of("/ok", "/missing")) {
                String url = "http://127.0.0.1:" + server.getAddress().getPort() + path;
                long[] wrk = runWrk(script, url);
                // Only 404s: no valid answer, so showdown load exits 1, and still reports what it counted.
                JsonNode ours = runShowdown(url, path.equals("/missing") ? LoadCommand.EXIT_NO_VALID_ANSWER : 0);
                long ourRequests = ours.get("requests").asLong();
                assertThat(wrk[0]).as("wrk requests").isPositive();
                assertThat(ourRequests).isPositive();
                assertThat(ours.get("bytesRead").asLong() / (double) ourRequests)
                        .as("bytes per response at " + path).isEqualTo(wrk[1] / (double) wrk[0]);
                assertThat(ours.at("/errors/status").asLong() / (double) ourRequests)
                        .as("share of non-2xx/3xx at " + path).isEqualTo(wrk[2] / (double) wrk[0]);
            }
        } finally {
            server.stop(0);
        }
    }

    private static long[] runWrk(Path script, String url) throws Exception {
        Process p = new ProcessBuilder("wrk", "-t1", "-c2", "-d1s", "-s", script.toString(), url)
                .redirectErrorStream(true).start();
        try {
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).as("wrk ends").isTrue();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            Matcher m = WRK_TOTALS.matcher(text);
            assertThat(m.find()).as(text).isTrue();
            return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3))};
        } finally {
            p.destroyForcibly();
        }
    }

    private static JsonNode runShowdown(String url, int exitCode) throws IOException {
        CapturedCli.Outcome o = CapturedCli.run("load", "-t1", "-c2", "-d1s", "--json", "-", url);
        assertThat(o.exitCode()).as(o.err()).isEqualTo(exitCode);
        return new ObjectMapper().readTree(o.out());
    }

    private static boolean onPath(String command) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }
}
