package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code targets/lib/registry.sh} against a registry of our own on 127.0.0.1 that answers slowly:
 * its HEAD after a pause, and its index a chunk at a time, the whole download longer than the
 * probe's seconds. The probe tests whether the registry answers, not how fast it sends, so the
 * setup goes on and the download takes what it needs; a registry that does not answer is exit 3
 * with the one line; a fetch that fails from one that answered is exit 1, named as a failed fetch.
 */
class RegistryProbeTest {

    /** The probe's limit for these tests, in seconds: shorter than the slow download below. */
    static final String PROBE_SECONDS = "2";
    /** The slow registry's pause before its HEAD answer, and between the index's chunks. */
    static final long PAUSE_MILLIS = 700;
    static final int INDEX_CHUNKS = 5;
    static final String CHUNK = "package-index-line\n";
    /** Far above what any of these scripts takes; only a hang reaches it. */
    static final long SCRIPT_TIMEOUT_SECONDS = 120;

    static final Path REGISTRY_SH = Path.of("..").toAbsolutePath().normalize().resolve("targets/lib/registry.sh");

    @TempDir
    Path dir;
    private HttpServer registry;

    @BeforeEach
    void startSlowRegistry() throws IOException {
        registry = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        registry.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        registry.createContext("/", RegistryProbeTest::answerSlowly);
        registry.start();
    }

    @AfterEach
    void stopRegistry() {
        registry.stop(0);
    }

    private static void answerSlowly(HttpExchange ex) throws IOException {
        try (ex) {
            pause();
            if (ex.getRequestMethod().equals("HEAD")) {
                ex.sendResponseHeaders(200, -1);
                return;
            }
            ex.sendResponseHeaders(200, 0); // chunked: the index arrives a piece at a time
            OutputStream body = ex.getResponseBody();
            for (int i = 0; i < INDEX_CHUNKS; i++) {
                body.write(CHUNK.getBytes(StandardCharsets.US_ASCII));
                body.flush();
                pause();
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(PAUSE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private String url() {
        return "http://127.0.0.1:" + registry.getAddress().getPort() + "/";
    }

    /** A client that downloads the index with bash alone, as a registry's own client would. */
    private String bashDownload() {
        return "bash -c 'exec 3<>/dev/tcp/127.0.0.1/" + registry.getAddress().getPort()
                + "; printf \"GET /index HTTP/1.0\\r\\nHost: 127.0.0.1\\r\\n\\r\\n\" >&3; cat <&3 >index'";
    }

    record Result(int exitCode, String output) {
        String lastLine() {
            List<String> lines = output.lines().filter(l -> !l.isBlank()).toList();
            return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
        }
    }

    /** Runs {@code body} in bash with registry.sh sourced, in {@code dir}, and ends it by PID if it hangs. */
    private Result setup(String body, Map<String, String> env) throws IOException, InterruptedException {
        Path script = dir.resolve("setup");
        Files.writeString(script, "set -euo pipefail\nsource '" + REGISTRY_SH + "'\n" + body + "\n");
        ProcessBuilder pb = new ProcessBuilder("/bin/bash", script.toString()).directory(dir.toFile());
        pb.environment().put("REGISTRY_PROBE_SECONDS", PROBE_SECONDS);
        pb.environment().putAll(env);
        Path log = dir.resolve("setup.log");
        int exit = ChildProcess.run(pb, log, SCRIPT_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        return new Result(exit, Files.readString(log));
    }

    @Test
    void aSlowRegistryIsReachableAndItsDownloadTakesWhatItNeeds() throws Exception {
        Result r = setup("probe_registry demo TestRegistry " + url() + "\n"
                + "registry_download demo TestRegistry " + bashDownload() + "\n"
                + "echo \"setup went on with $(grep -c package-index-line index) lines\"", Map.of());

        assertThat(r.exitCode()).as(r.output()).isZero();
        assertThat(r.output()).contains("setup: TestRegistry answers at " + url())
                .doesNotContain("cannot be reached");
        assertThat(r.lastLine()).isEqualTo("setup went on with " + INDEX_CHUNKS + " lines");
    }

    @Test
    void withoutCurlTheProbeIsATcpConnection() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        for (String tool : List.of("bash", "timeout", "dirname", "grep", "cat")) {
            Path real = List.of(Path.of("/usr/bin", tool), Path.of("/bin", tool)).stream().filter(Files::isExecutable)
                    .findFirst().orElseThrow(() -> new AssertionError("no " + tool));
            Files.createSymbolicLink(bin.resolve(tool), real);
        }
        Result r = setup("probe_registry demo TestRegistry " + url() + "\necho setup went on",
                Map.of("PATH", bin.toString()));

        assertThat(r.exitCode()).as(r.output()).isZero();
        assertThat(r.lastLine()).isEqualTo("setup went on");
    }

    @Test
    void aRegistryThatDoesNotAnswerIsExit3WithItsLine() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        Result r = setup("probe_registry demo TestRegistry http://127.0.0.1:" + closedPort + "/\necho setup went on", Map.of());

        assertThat(r.exitCode()).as(r.output()).isEqualTo(3);
        assertThat(r.lastLine()).isEqualTo("setup: demo needs packages from TestRegistry, which cannot be reached from here");
    }

    @Test
    void aFetchThatFailsFromARegistryThatAnsweredIsAFailureNamedAsSuch() throws Exception {
        Result r = setup("probe_registry demo TestRegistry " + url() + "\n"
                + "registry_download demo TestRegistry bash -c 'echo checksum mismatch; exit 9'\necho setup went on", Map.of());

        assertThat(r.exitCode()).as(r.output()).isEqualTo(1);
        assertThat(r.output()).contains("checksum mismatch");
        assertThat(r.lastLine()).isEqualTo("setup: demo: 'bash -c echo checksum mismatch; exit 9' failed (exit 9) fetching"
                + " from TestRegistry, which answered (its output is above)");
    }
}
