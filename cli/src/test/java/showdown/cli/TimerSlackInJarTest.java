package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.File;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code showdown load -R} in a child JVM, against a local server, with the load module as the
 * multi-release jar Maven packaged (the shaded CLI jar holds the same entries): on a JDK >= 22 the
 * jar's Java 22 TimerSlack lowers the pacing loops' timer slack to 1 µs, the JSON says 1000 ns and
 * the pacing line says so, and with native access enabled as the CLI jar's manifest enables it no
 * warning is printed.
 */
class TimerSlackInJarTest {

    @Test
    void onJdk22OrLaterThePacingLoopsRunWithATimerSlackOfOneMicrosecond(@TempDir Path dir) throws Exception {
        assumeTrue(Runtime.version().feature() >= 22,
                "this JVM is Java " + Runtime.version().feature() + ": the jar's Java 22 version needs a JDK >= 22");
        List<String> classPath = Arrays.asList(System.getProperty("java.class.path").split(File.pathSeparator));
        String loadJar = classPath.stream().filter(e -> e.contains("showdown-load") && e.endsWith(".jar")).findFirst()
                .orElse(null);
        assumeTrue(loadJar != null, "the load module is on the class path as a folder, where a JVM does not choose"
                + " a multi-release version; Maven's package phase (verify) puts its jar there");

        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", exchange -> {
            byte[] body = "ok".getBytes(StandardCharsets.US_ASCII);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            Path json = dir.resolve("load.json");
            ProcessBuilder pb = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"),
                    "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                    "showdown.cli.Main", "load", "-t1", "-c2", "-d1s", "-R200", "--json", json.toString(),
                    "http://127.0.0.1:" + server.getAddress().getPort() + "/");
            Path log = dir.resolve("load.log");
            int exit = ChildProcess.run(pb, log, 60, TimeUnit.SECONDS);
            String output = Files.readString(log);

            assertThat(exit).as(output).isZero();
            assertThat(output).contains("(timer slack 1 us)").doesNotContain("WARNING");
            JsonNode slack = new ObjectMapper().readTree(json.toFile()).at("/pacing/timerSlack");
            assertThat(slack.get("nanos").asLong()).as(slack.toString()).isEqualTo(1_000);
            assertThat(slack.get("notLowered").isNull()).as(slack.toString()).isTrue();
        } finally {
            server.stop(0);
        }
    }
}
