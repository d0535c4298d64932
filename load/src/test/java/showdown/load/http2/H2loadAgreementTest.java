package showdown.load.http2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import showdown.load.LoadEngine;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.ProgressListener;

/**
 * When h2load is installed: h2load and {@code --h2}, each against a fresh h2c server that answers
 * every other request with 404, agree on how many requests ended and on the status classes.
 */
class H2loadAgreementTest {

    private static final int REQUESTS = 400;
    private static final Pattern DONE = Pattern.compile("requests: (\\d+) total, (\\d+) started, (\\d+) done");
    private static final Pattern STATUS = Pattern.compile("status codes: (\\d+) 2xx, (\\d+) 3xx, (\\d+) 4xx, (\\d+) 5xx");

    private static H2TestServer.Policy everyOtherNotFound() {
        return (onConnection, overall) -> overall % 2 == 0 ? H2TestServer.Action.NOT_FOUND : H2TestServer.Action.ANSWER;
    }

    @Test
    void h2loadAndShowdownCountTheSame() throws Exception {
        assumeTrue(onPath("h2load"), "h2load is not installed");
        long[] theirs;
        try (H2TestServer server = new H2TestServer(100, everyOtherNotFound())) {
            theirs = runH2load(server.url("/"));
        }
        LoadResult ours;
        try (H2TestServer server = new H2TestServer(100, everyOtherNotFound())) {
            ours = LoadEngine.run(LoadSpec.builder().url(server.url("/")).http2(true).connections(2).threads(1)
                    .pipelineDepth(4).requests(REQUESTS).timeout(Duration.ofSeconds(5)).build(), ProgressListener.NONE);
        }
        assertThat(theirs[0]).as("h2load done").isEqualTo(REQUESTS);
        assertThat(ours.requests()).isEqualTo(theirs[0]);
        assertThat(ours.statusCounts()).isEqualTo(Map.of(200, theirs[1], 404, theirs[2]));
        assertThat(ours.errors().status()).isEqualTo(theirs[2]);
    }

    /** h2load's done requests, 2xx and 4xx counts. */
    private static long[] runH2load(String url) throws Exception {
        Process p = new ProcessBuilder("h2load", "-n", Integer.toString(REQUESTS), "-c", "2", "-m", "4", url)
                .redirectErrorStream(true).start();
        try {
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).as("h2load ends").isTrue();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            Matcher done = DONE.matcher(text);
            Matcher status = STATUS.matcher(text);
            assertThat(done.find() && status.find()).as(text).isTrue();
            return new long[] {Long.parseLong(done.group(3)), Long.parseLong(status.group(1)), Long.parseLong(status.group(3))};
        } finally {
            p.destroyForcibly();
        }
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
