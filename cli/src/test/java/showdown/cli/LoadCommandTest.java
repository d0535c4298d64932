package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.HdrHistogram.Histogram;
import showdown.load.ErrorCounts;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.Transport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code showdown load} as a user runs it: wrk's output, JSON, one-line errors with exit code 2,
 * and exit code 1 when not one request got a valid answer.
 */
class LoadCommandTest {

    private HttpServer server;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream savedOut;
    private PrintStream savedErr;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", exchange -> {
            byte[] body = "Hello, World!".getBytes(StandardCharsets.US_ASCII);
            exchange.getResponseHeaders().set("Content-Type", "text/plain");
            exchange.sendResponseHeaders(exchange.getRequestURI().getPath().equals("/missing") ? 404 : 200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        savedOut = System.out;
        savedErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void stop() {
        System.setOut(savedOut);
        System.setErr(savedErr);
        server.stop(0);
    }

    private String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    @Test
    void printsWrksLayout() {
        int code = Main.execute("load", "-t1", "-c2", "-n", "200", "--latency", url("/"));
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(code).isZero();
        assertThat(text).startsWith("Running 200 requests test @ " + url("/") + "\n  1 threads and 2 connections\n");
        assertThat(text).contains("  Thread Stats   Avg      Stdev     Max   +/- Stdev\n    Latency  ");
        assertThat(text).contains("\n    Req/Sec  ");
        assertThat(text).contains("  Latency Distribution\n     50%  ").contains("\n  99.99%  ").contains("\n     max  ");
        assertThat(text).containsPattern("\n  200 requests in [0-9.]+m?s, [0-9.]+KB read\n");
        assertThat(text).containsPattern("\nRequests/sec: +[0-9.]+\nTransfer/sec: +[0-9.]+[KM]?B\n");
        assertThat(text).doesNotContain("Socket errors").doesNotContain("Non-2xx");
    }

    @Test
    void countsNon2xxResponsesLikeWrkAndExitsOneWhenNoneWasValid() {
        int code = Main.execute("load", "-t1", "-c1", "-n", "50", url("/missing"));
        assertThat(code).isEqualTo(LoadCommand.EXIT_NO_VALID_ANSWER).isEqualTo(1);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("\n  Non-2xx or 3xx responses: 50\n");
        assertThat(err.toString(StandardCharsets.UTF_8))
                .endsWith("showdown load: not one request got a valid (2xx or 3xx) answer\n");
    }

    @Test
    void exitsOneWhenTheServerNeverAnswers() throws IOException {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int code = Main.execute("load", "-t1", "-c1", "-d", "0.4s", "-T", "100ms",
                    "http://127.0.0.1:" + silent.getLocalPort() + "/");
            assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isEqualTo(1);
            assertThat(out.toString(StandardCharsets.UTF_8)).contains("  0 requests in ");
        }
    }

    @Test
    void helpListsTheExitCodes() {
        int code = Main.execute("load", "--help");
        assertThat(code).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).containsPattern("Exit codes:\n  0 +at least one request got a valid")
                .containsPattern("\n  1 +not one request got a valid answer").containsPattern("\n  2 +bad input");
    }

    @Test
    void takesAFractionalDurationAsRunDoes() {
        int code = Main.execute("load", "-t1", "-c1", "-d", "0.5s", url("/"));
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("Running 500.00ms test @ " + url("/") + "\n");
    }

    @Test
    void writesJsonToStdoutAndTheTextToStderr() {
        int code = Main.execute("load", "-t1", "-c1", "-n", "20", "--json", "-", url("/"));
        assertThat(code).isZero();
        String json = out.toString(StandardCharsets.UTF_8);
        assertThat(json).startsWith("{").contains("\"schema\" : \"showdown.load/1\"").contains("\"requests\" : 20,")
                .contains("\"200\" : 20");
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("Requests/sec:");
        Matcher share = Pattern.compile("\"busiestLoopCpuShare\" : ([0-9.E-]+)").matcher(json);
        assertThat(share.find()).as(json).isTrue();
        assertThat(Double.parseDouble(share.group(1))).isBetween(0.0, 1.5); // measured: HotSpot tells thread CPU
        assertThat(json).containsPattern("\"generatorSaturated\" : (true|false)");
    }

    @Test
    void warnsOnStderrWhenAnEventLoopWasSaturated() {
        LoadSpec spec = LoadSpec.builder().url(url("/")).duration(Duration.ofSeconds(1)).build();
        // a loop on the CPU 97% of the window, the process using 1.20 of 2 CPUs
        assertThat(LoadCommand.saturationWarning(result(spec, 0.97, 1_200_000_000L, 2))).isEqualTo("showdown load:"
                + " the generator was busy (its busiest event loop on a CPU 97% of the time, the process using 1.20"
                + " of 2 CPUs), so it may have set the pace, not the server; give it more threads (-t) or CPUs");
        // the process pinned to one CPU and using all of it: the JIT took what the loop did not
        assertThat(LoadCommand.saturationWarning(result(spec, 0.6, 950_000_000L, 1))).contains("using 0.95 of 1 CPU)");
        assertThat(LoadCommand.saturationWarning(result(spec, 0.6, 950_000_000L, 2))).isNull();
        assertThat(LoadCommand.saturationWarning(result(spec, -1, 100_000_000L, 0))).isNull(); // unknown: say nothing
        // `-n 1`: a window of milliseconds, all start-up and JIT, says nothing about who set the pace
        assertThat(LoadCommand.saturationWarning(result(spec, 0.97, 4_000_000L, 1, 4_000_000L))).isNull();
    }

    @Test
    void saysSoWhenACountBoundedRunStoppedEarly() {
        LoadSpec counted = LoadSpec.builder().url(url("/")).requests(1000).timeout(Duration.ofSeconds(2)).build();
        // the helper's result has 100 answered requests and no error
        assertThat(LoadCommand.stallWarning(result(counted, 0.1, 1, 1))).isEqualTo("showdown load: stopped after 100 of"
                + " 1000 requests: none was answered or lost for 3.0 s (the server stopped answering, or nothing could"
                + " connect)");
        LoadSpec done = LoadSpec.builder().url(url("/")).requests(100).build();
        assertThat(LoadCommand.stallWarning(result(done, 0.1, 1, 1))).isNull();
        LoadSpec timed = LoadSpec.builder().url(url("/")).requests(1000).duration(Duration.ofSeconds(1)).build();
        assertThat(LoadCommand.stallWarning(result(timed, 0.1, 1, 1))).isNull(); // the duration ended it
    }

    private static LoadResult result(LoadSpec spec, double busiestLoopShare, long processCpuNanos, int cpus) {
        return result(spec, busiestLoopShare, processCpuNanos, cpus, 1_000_000_000L);
    }

    private static LoadResult result(LoadSpec spec, double busiestLoopShare, long processCpuNanos, int cpus,
            long windowNanos) {
        return new LoadResult(spec, Transport.EPOLL, windowNanos, 100, 10_000, 5_000, ErrorCounts.NONE, 0,
                new TreeMap<>(Map.of(200, 100L)), new Histogram(3), null, new Histogram(3), processCpuNanos,
                busiestLoopShare, cpus);
    }

    @Test
    void theOpenModelWarmsUpUntilTheGeneratorsCompilerIsQuietByDefaultAndEndsByItself(@TempDir Path dir)
            throws IOException {
        AtomicLong served = countRequests();
        Path json = dir.resolve("result.json");
        int code = Main.execute("load", "-t1", "-c2", "-d", "1s", "-R", "200", "--json", json.toString(), url("/"));
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        JsonNode warmup = new ObjectMapper().readTree(json.toFile()).get("warmup");
        assertThat(warmup.get("until").asText()).isEqualTo("compiler-quiet");
        assertThat(warmup.get("seconds").asDouble()).isGreaterThanOrEqualTo(1.0); // the least warm-up
        assertThat(warmup.get("steady").isBoolean()).isTrue();
        // one line says what ended it, before the results
        assertThat(text).containsPattern("\nWarm-up: [0-9]+\\.[0-9] s, (until the generator's compiler was quiet"
                + "|the generator's compiler not quiet after it: the pacing error may include compilation)"
                + " \\(--warmup sets it\\)\n  Thread Stats");
        long measured = new ObjectMapper().readTree(json.toFile()).get("requests").asLong();
        assertThat(served.get()).isGreaterThan(measured); // the warm-up's requests reached the server, unrecorded
    }

    @Test
    void theProgressLineGivesTheWarmUpUntilTheCompilerIsQuietAsABound() {
        LoadSpec spec = LoadSpec.builder().url(url("/")).rate(100).build();
        ByteArrayOutputStream lines = new ByteArrayOutputStream();
        PrintStream to = new PrintStream(lines, true, StandardCharsets.UTF_8);
        new ProgressLine(to, spec, true, true).onProgress(new showdown.load.Progress(-7_400_000_000L, true, 0, 0, 0));
        new ProgressLine(to, spec, true, false).onProgress(new showdown.load.Progress(-7_400_000_000L, true, 0, 0, 0));
        assertThat(lines.toString(StandardCharsets.UTF_8)).contains(
                "  warming up until the generator's compiler is quiet (at most 7s left)", "  warming up (7s left)");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"-R 200 --warmup 0", "-R 200 --warmup 0.5s", "--warmup 0.5s", "(closed, no flag)"})
    void aWarmUpGivenOrTheClosedModelIsNotJudgedByTheCompiler(String flags, @TempDir Path dir) throws IOException {
        Path json = dir.resolve("result.json");
        List<String> args = new ArrayList<>(List.of("load", "-t1", "-c2", "-d", "0.5s", "--json", json.toString()));
        if (!flags.startsWith("(")) {
            args.addAll(List.of(flags.split(" ")));
        }
        args.add(url("/"));
        int code = Main.execute(args.toArray(String[]::new));
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        JsonNode warmup = new ObjectMapper().readTree(json.toFile()).get("warmup");
        boolean fixed = flags.contains("0.5s");
        assertThat(warmup.get("until").asText()).isEqualTo(fixed ? "fixed" : "none");
        assertThat(warmup.get("seconds").asDouble()).isEqualTo(fixed ? 0.5 : 0.0);
        assertThat(warmup.get("steady").isNull()).isTrue();
        assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("Warm-up:");
    }

    /** How far the wall clock and the monotonic clock may drift apart during one short run. */
    private static final double CLOCKS_APART_MILLIS = 50.0;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"closed model", "open model"})
    void writesAnIntervalLogThatTilesTheMeasuredWindow(String model, @TempDir Path dir) throws IOException {
        AtomicLong served = countRequests();
        Path log = dir.resolve("latency.hlog");
        Path json = dir.resolve("result.json");
        List<String> args = new ArrayList<>(List.of("load", "-t1", "-c2", "-d", "3s", "--warmup", "1s",
                "--hlog", log.toString(), "--json", json.toString(), url("/")));
        if (model.equals("open model")) {
            args.addAll(1, List.of("-R", "400"));
        }
        long before = System.currentTimeMillis();
        int code = Main.execute(args.toArray(String[]::new));
        long after = System.currentTimeMillis();
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();

        JsonNode result = new ObjectMapper().readTree(json.toFile());
        HistogramLogFile read = HistogramLogFile.read(log);
        double window = result.get("durationSeconds").asDouble();
        read.assertTiles(window);
        // once a second: a 3 s window has more than one interval (the engine may fold a late tick into the next)
        assertThat(read.starts()).hasSizeGreaterThanOrEqualTo(2);
        Histogram total = read.total();
        assertThat(total.getTotalCount()).isEqualTo(result.get("requests").asLong());
        assertThat(total.getMaxValue() / 1e3).isEqualTo(result.get("latencyMicros").get("max").asDouble());
        // the warm-up's requests reached the server but are not in the log, which starts after the warm-up
        assertThat(served.get()).isGreaterThan(total.getTotalCount());
        // StartTime is wall clock, derived from the engine's monotonic clock; the two are disciplined
        // apart (a freshly booted VM slews its wall clock), so allow 50 ms: the warm-up is 1000 ms
        assertThat(read.startTimeSec() * 1000).isBetween(before + 1000 - CLOCKS_APART_MILLIS,
                after - window * 1000 + CLOCKS_APART_MILLIS);
    }

    @Test
    void writesAnIntervalLogOfACountBoundedRun(@TempDir Path dir) throws IOException {
        Path log = dir.resolve("latency.hlog");
        Path json = dir.resolve("result.json");
        int code = Main.execute("load", "-t1", "-c2", "-n", "2000", "--hlog", log.toString(), "--json",
                json.toString(), url("/"));
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();

        JsonNode result = new ObjectMapper().readTree(json.toFile());
        HistogramLogFile read = HistogramLogFile.read(log);
        read.assertTiles(result.get("durationSeconds").asDouble()); // the window ends at the last response
        assertThat(read.total().getTotalCount()).isEqualTo(2000).isEqualTo(result.get("requests").asLong());
        assertThat(read.total().getMaxValue() / 1e3).isEqualTo(result.get("latencyMicros").get("max").asDouble());
    }

    /** Replaces the server's handler with one that also counts what it answered. */
    private AtomicLong countRequests() {
        AtomicLong served = new AtomicLong();
        server.removeContext("/");
        server.createContext("/", exchange -> {
            served.incrementAndGet();
            byte[] body = "Hello, World!".getBytes(StandardCharsets.US_ASCII);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        return served;
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "not a url",
            "ftp://127.0.0.1/",
            "https://127.0.0.1/",
            "http://no-such-host.invalid/",
    })
    void refusesABadUrlInOneLine(String url) {
        assertUsageError(Main.execute("load", "-n", "1", url));
    }

    @Test
    void refusesAPortWhereNothingListens() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        int code = Main.execute("load", "-n", "1", "http://127.0.0.1:" + port + "/");
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("cannot connect to 127.0.0.1:" + port);
        assertUsageError(code);
    }

    @Test
    void refusesBadOptions() {
        assertUsageError(Main.execute("load", "--body", "/no/such/file", url("/")));
        assertUsageError(Main.execute("load", "-t4", "-c2", url("/")));
        assertUsageError(Main.execute("load", "-d", "0s", url("/")));
        assertUsageError(Main.execute("load", "-d", "2.5x", url("/")));
        assertUsageError(Main.execute("load", "--warmup", "soon", url("/")));
        assertUsageError(Main.execute("load", "-H", "NoColonHere", url("/")));
        assertUsageError(Main.execute("load", "--pipeline", "0", url("/")));
        assertUsageError(Main.execute("load", "--transport", "carrier-pigeon", url("/")));
        assertUsageError(Main.execute("load", "--busy-poll", "5000", url("/")));
        assertUsageError(Main.execute("load", "--busy-poll", "20", "--transport", "io_uring", url("/")));
        assertUsageError(Main.execute("load", "--no-such-flag", url("/")));
        assertUsageError(Main.execute("load"));
        // TLS flags mean nothing to http URLs; a bad TLS setting is the user's to fix
        assertUsageError(Main.execute("load", "--tls-verify", url("/")));
        assertUsageError(Main.execute("load", "--tls-engine", "gnutls", url("/").replace("http:", "https:")));
        assertUsageError(Main.execute("load", "--tls-version", "1.1", url("/").replace("http:", "https:")));
        assertUsageError(Main.execute("load", "--cacert", "/no/such/ca.pem", url("/").replace("http:", "https:")));
        assertUsageError(Main.execute("load", "--no-keepalive", "--pipeline", "4", url("/")));
        assertUsageError(Main.execute("load", "-c2", url("/"), url("/").replace("http:", "https:")));
        // HTTP/3 is QUIC: https only, one protocol a run, TLS 1.3 through quiche
        assertUsageError(Main.execute("load", "--h3", url("/")));
        assertUsageError(Main.execute("load", "--h3", "--h2", url("/").replace("http:", "https:")));
        assertUsageError(Main.execute("load", "--h3", "--tls-version", "1.3", url("/").replace("http:", "https:")));
        assertUsageError(Main.execute("load", "--h3", "--cacert", "/no/such/ca.pem", url("/").replace("http:", "https:")));
        // 0-RTT is QUIC's, and rides on a resumed session
        assertUsageError(Main.execute("load", "--early-data", url("/").replace("http:", "https:")));
        assertUsageError(Main.execute("load", "--h3", "--early-data", "--no-tls-resume", url("/").replace("http:", "https:")));
    }

    @Test
    void namesTheOptionOfABadDuration() {
        assertUsageError(Main.execute("load", "-T", "1.5.2s", url("/")), "showdown load: --timeout: '1.5.2s' is not a"
                + " duration (examples: 500ms, 2.5s, 3m; no unit means seconds)");
    }

    @Test
    void sloSearchesPrintsEveryStepAndTheAnswerAndWritesTheStepsAsJson(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("capacity.json");
        int code = Main.execute("load", "--slo", "p99=500ms", "--slo-max-rate", "200", "-t1", "-c2", "-d", "1s",
                "--warmup", "200ms", "--json", json.toString(), url("/"));

        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as(text + err).isZero();
        assertThat(text).startsWith("Searching for sustainable throughput at p99 <= 500 ms @ " + url("/") + "\n")
                .containsPattern("\n  (a step during which other processes took the load's CPUs \\([0-9,-]+\\) is measured"
                        + " again|interference not checked: the load may run on every CPU \\(pin it, e\\.g\\. taskset -c 1,"
                        + " to check\\))\n")
                .containsPattern("\nprobe \\(closed model, -c 2\\): [0-9,]+ req/s")
                .containsPattern("\n +1  climb +200 +2 +")
                .endsWith("sustainable throughput at p99 <= 500 ms: at least 200 req/s (the highest rate allowed,"
                        + " --slo-max-rate)\n");
        JsonNode result = new ObjectMapper().readTree(json.toFile());
        assertThat(result.get("schema").asText()).isEqualTo("showdown.capacity/1");
        assertThat(result.get("limit").asText()).isEqualTo("max_rate");
        assertThat(result.get("steps")).hasSize(1);
        JsonNode step = result.get("steps").get(0);
        assertThat(step.get("rate").asDouble()).isEqualTo(200);
        assertThat(step.get("verdict").asText()).isEqualTo("pass");
        assertThat(step.get("quantileIntervalMicros")).hasSize(2);
        assertThat(step.has("disturbance")).isTrue();
    }

    @Test
    void sloMistakesAreOneLineAndExitTwo() {
        assertUsageError(Main.execute("load", "--slo", "10ms", url("/")),
                "showdown load: --slo takes QUANTILE=TIME, e.g. p99=10ms, not '10ms'");
        assertUsageError(Main.execute("load", "--slo", "p95=10ms", url("/")),
                "showdown load: --slo: unknown quantile 'p95': use p50, p90, p99 or p99.9");
        assertUsageError(Main.execute("load", "--slo", "p99=0s", url("/")),
                "showdown load: --slo: the latency target must be positive, not '0s'");
        assertUsageError(Main.execute("load", "--slo", "p99=10ms", "-R", "100", url("/")),
                "showdown load: --slo and -R cannot be combined: the search chooses each step's rate");
        assertUsageError(Main.execute("load", "--slo", "p99=10ms", "-n", "100", url("/")));
        assertUsageError(Main.execute("load", "--slo-max-rate", "1k", url("/")),
                "showdown load: --slo-max-rate, --slo-resolution and --slo-max-connections need --slo");
        assertUsageError(Main.execute("load", "--slo", "p99=10ms", "--slo-max-rate", "0", url("/")));
        assertUsageError(Main.execute("load", "--slo", "p99=10ms", "--slo-resolution", "0%", url("/")));
        assertUsageError(Main.execute("load", "--slo", "p99=10ms", "-c", "8", "--slo-max-connections", "4", url("/")));
        assertUsageError(Main.execute("load", "--slo", "p99=10ms", "--pipeline", "4", url("/")),
                "showdown load: --rate and --pipeline cannot be combined: the open model sends one request at a time");
    }

    private void assertUsageError(int code, String line) {
        assertThat(err.toString(StandardCharsets.UTF_8).strip()).isEqualTo(line);
        assertUsageError(code);
    }

    private void assertUsageError(int code) {
        String text = err.toString(StandardCharsets.UTF_8);
        assertThat(code).as(text).isEqualTo(Main.EXIT_USAGE);
        assertThat(text).startsWith("showdown load: ").doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(text.strip().lines().count()).as(text).isEqualTo(1);
        err.reset();
    }
}
