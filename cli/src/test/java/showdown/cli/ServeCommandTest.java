package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.harness.targets.FreePort;
import showdown.harness.targets.UnavailableProtocols;

class ServeCommandTest {

    @TempDir
    Path home;

    @Test
    void servesOnTheGivenPortUntilTheTargetGoesAway() throws Exception {
        Path dir = VerifyCli.target(home, "python", "pyserver",
                "[sh, -c, 'echo $$ > pid; echo \"$GREETING\" > greeting; exec python3 -m http.server --bind 127.0.0.1 \"$PORT\"']",
                "protocols: [h1, h3]\n");
        // as a build that could not provide h3 here leaves it: serve neither waits for h3 nor claims it
        Files.writeString(dir.resolve(UnavailableProtocols.FILE_NAME), "h3 no QUIC library in this build\n");
        int port = FreePort.pick();

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CompletableFuture<VerifyCli.Result> serve = CompletableFuture.supplyAsync(() -> VerifyCli.run(home, out, "serve", "pyserver",
                "--port", Integer.toString(port), "--logs", home.resolve("logs").toString(), "--target-env", "GREETING=hello"));
        // Only once serve has seen the target ready is a death "on its own"; before, it is a failed start.
        assertThat(awaitLine(out, "press Ctrl-C to stop it", serve)).as(out.toString(StandardCharsets.UTF_8)).isTrue();
        assertThat(answersOk(port)).isTrue();
        long pid = Long.parseLong(Files.readString(dir.resolve("pid")).trim());
        assertThat(Files.readString(dir.resolve("greeting")).trim()).isEqualTo("hello");

        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy); // as if it crashed
        VerifyCli.Result r = serve.get(30, TimeUnit.SECONDS);

        assertThat(r.exitCode()).isEqualTo(1);
        Matcher ready = Pattern.compile("pyserver is ready at http://127\\.0\\.0\\.1:(\\d+)/ \\(pid (\\d+), first response after")
                .matcher(r.out());
        assertThat(ready.find()).as(r.out()).isTrue();
        assertThat(ready.group(1)).isEqualTo(Integer.toString(port));
        assertThat(ready.group(2)).isEqualTo(Long.toString(pid));
        assertThat(r.err()).startsWith("showdown serve: pyserver exited on its own");
        assertThat(r.out()).contains("\nprotocols: h1\nh3 unavailable here: no QUIC library in this build\n")
                .doesNotContain("h3 at https");
    }

    /** Polls {@code out} until it holds {@code line}; false when serve ends first or after 60 s. */
    private static boolean awaitLine(ByteArrayOutputStream out, String line, CompletableFuture<?> serve) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline && !serve.isDone()) {
            if (out.toString(StandardCharsets.UTF_8).contains(line)) {
                return true;
            }
            Thread.sleep(50);
        }
        return out.toString(StandardCharsets.UTF_8).contains(line);
    }

    private static boolean answersOk(int port) throws IOException, InterruptedException {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpResponse<Void> r = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/"))
                .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.discarding());
        return r.statusCode() == 200;
    }

    @Test
    void aTargetThatNeedsSetupIsABadInput() throws Exception {
        Path dir = VerifyCli.target(home, "zig", "needs-zig", "[./run]", "requires: [showdown-no-zig-here]\nsetup: ./setup\n");
        Files.writeString(dir.resolve("setup"), "#!/bin/sh\n");

        VerifyCli.Result r = VerifyCli.run(home, "serve", "needs-zig");

        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("showdown serve: needs-zig needs setup: targets/zig/needs-zig/setup\n");
    }

    @Test
    void aBadPortIsABadInput() throws Exception {
        VerifyCli.target(home, "python", "pyserver", VerifyCli.PYTHON_SERVER, "");

        assertThat(VerifyCli.run(home, "serve", "pyserver", "--port", "70000").exitCode()).isEqualTo(2);
        assertThat(VerifyCli.run(home, "serve", "nope").err()).startsWith("showdown serve: unknown target 'nope'");
        VerifyCli.Result env = VerifyCli.run(home, "serve", "pyserver", "--target-env", "PORT=1");
        assertThat(env.exitCode()).isEqualTo(2);
        assertThat(env.err()).isEqualTo("showdown serve: --target-env: PORT is set by the harness for every target\n");
    }

    @Test
    void aTlsPortForATargetWithoutTlsOrEqualToThePortIsABadInput() throws Exception {
        VerifyCli.target(home, "python", "pyserver", VerifyCli.PYTHON_SERVER, "");

        VerifyCli.Result noTls = VerifyCli.run(home, "serve", "pyserver", "--tls-port", "8443");
        assertThat(noTls.exitCode()).isEqualTo(2);
        assertThat(noTls.err()).isEqualTo("showdown serve: --tls-port: pyserver serves no TLS (protocols: h1)\n");

        VerifyCli.Result same = VerifyCli.run(home, "serve", "pyserver", "--port", "8443", "--tls-port", "8443");
        assertThat(same.exitCode()).isEqualTo(2);
        assertThat(same.err()).isEqualTo("showdown serve: --tls-port and --port are both 8443; they must differ\n");
        assertThat(VerifyCli.run(home, "serve", "pyserver", "--tls-port", "-1").exitCode()).isEqualTo(2);
    }
}
