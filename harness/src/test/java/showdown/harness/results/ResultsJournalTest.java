package showdown.harness.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.load.ConnectionStats;
import showdown.load.ErrorCounts;
import showdown.load.QuicSummary;
import showdown.load.TlsSummary;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.Transport;

class ResultsJournalTest {

    @TempDir
    Path dir;

    static RunResults header() {
        Environment env = new Environment("Test CPU", 2, "6.1.0", "Linux", "Temurin 21",
                Map.of("wrk", "4.2.0"), "abc123", List.of("showdown", "run"), "0", "1", "0.1.0-test", "0-1", "performance");
        RunConfig config = new RunConfig("quick", 5, 2, 2, List.of(16, 64), 2, 2, true, List.of(), List.of(), Map.of());
        return RunResults.start("run-1", "2026-11-30T00:00:00Z", env, config);
    }

    static CaseResult aCase(String target, int connections, int repetition, long requests) {
        return CaseResult.builder()
                .identity(new CaseIdentity(target, "mist", "GET /", connections, repetition))
                .durationSeconds(5).requests(requests).statusCounts(Map.of(200, requests)).build();
    }

    @Test
    void everyRecordedCaseSurvivesACrashAndAResume() {
        ResultsJournal journal = ResultsJournal.create(dir, header());
        journal.recordTarget(new TargetOutcome("netty", "Netty", "java", "Netty", "4.2", "platform",
                TargetOutcome.Status.OK, null, 412L, 50_000_000L));
        journal.recordCase(aCase("netty", 16, 0, 1000));
        journal.recordCase(aCase("netty", 16, 1, 1100));
        journal.recordCase(aCase("netty", 64, 0, 1200));
        journal = null; // the "crash": the object is gone and finish() never ran

        ResultsJournal resumed = ResultsJournal.resume(dir);
        RunResults seen = resumed.snapshot();
        assertThat(seen.finishedAt()).isNull();
        assertThat(seen.cases()).extracting(CaseResult::identity).containsExactly(
                new CaseIdentity("netty", "mist", "GET /", 16, 0),
                new CaseIdentity("netty", "mist", "GET /", 16, 1),
                new CaseIdentity("netty", "mist", "GET /", 64, 0));
        assertThat(seen.cases()).extracting(CaseResult::requests).containsExactly(1000L, 1100L, 1200L);
        assertThat(seen.cases().get(0).requestsPerSecond()).isEqualTo(200.0);
        assertThat(seen.cases().get(0).statusCounts()).containsExactly(Map.entry(200, 1000L));
        assertThat(seen.targets()).singleElement().satisfies(t -> {
            assertThat(t.status()).isEqualTo(TargetOutcome.Status.OK);
            assertThat(t.idleRssBytes()).isEqualTo(50_000_000L);
        });
        assertThat(seen.environment().toolVersions()).containsEntry("wrk", "4.2.0");
        assertThat(seen.config().connections()).containsExactly(16, 64);
        assertThat(resumed.hasCase(new CaseIdentity("netty", "mist", "GET /", 64, 0))).isTrue();
        assertThat(resumed.hasCase(new CaseIdentity("netty", "mist", "GET /", 64, 1))).isFalse();

        resumed.recordCase(aCase("netty", 64, 1, 1300));
        resumed.finish();
        RunResults done = ResultsJson.read(ResultsJson.fileIn(dir));
        assertThat(done.cases()).hasSize(4);
        assertThat(done.finishedAt()).isNotNull();
    }

    @Test
    void recordingTheSameCaseAgainReplacesIt() {
        ResultsJournal journal = ResultsJournal.create(dir, header());
        journal.recordCase(aCase("netty", 16, 0, 1000));
        journal.recordCase(aCase("netty", 16, 0, 2000));
        assertThat(journal.snapshot().cases()).extracting(CaseResult::requests).containsExactly(2000L);
    }

    @Test
    void writesLeaveNoTemporaryFilesBehind() throws IOException {
        ResultsJournal journal = ResultsJournal.create(dir, header());
        for (int i = 0; i < 5; i++) {
            journal.recordCase(aCase("netty", 16, i, 1000 + i));
        }
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("results.json");
        }
    }

    @Test
    void createRefusesAFolderThatAlreadyHoldsResults() {
        ResultsJournal.create(dir, header());
        assertThatThrownBy(() -> ResultsJournal.create(dir, header()))
                .isInstanceOf(ResultsException.class).hasMessageContaining("already exists");
    }

    @Test
    void readRefusesAnotherMajorSchemaInOneLine() throws IOException {
        Path file = dir.resolve("results.json");
        Files.writeString(file, "{\"schema\":\"showdown.results/3\",\"runId\":\"x\"}", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> ResultsJournal.read(file))
                .isInstanceOf(ResultsException.class)
                .hasMessageContaining("schema 'showdown.results/3' is not supported")
                .hasMessageNotContaining("\n");
    }

    @Test
    void readAcceptsANewerMinorVersionWithExtraFields() throws IOException {
        Path file = dir.resolve("results.json");
        Files.writeString(file, "{\"schema\":\"showdown.results/1.7\",\"runId\":\"x\",\"someNewField\":42}",
                StandardCharsets.UTF_8);
        assertThat(ResultsJournal.read(file).runId()).isEqualTo("x");
    }

    @Test
    void readRefusesMissingFilesAndNonJson() throws IOException {
        assertThatThrownBy(() -> ResultsJournal.read(dir.resolve("nope.json")))
                .isInstanceOf(ResultsException.class).hasMessageEndingWith("no such file");
        Path garbage = Files.writeString(dir.resolve("results.json"), "not json");
        assertThatThrownBy(() -> ResultsJournal.read(garbage))
                .isInstanceOf(ResultsException.class).hasMessageContaining("not valid JSON");
        Path noSchema = Files.writeString(dir.resolve("other.json"), "{\"runId\":\"x\"}");
        assertThatThrownBy(() -> ResultsJournal.read(noSchema))
                .isInstanceOf(ResultsException.class).hasMessageContaining("no \"schema\" field");
    }

    @Test
    void aCaseIsBuiltFromALoadResultInMicroseconds() {
        Histogram nanos = new Histogram(3);
        for (int i = 1; i <= 1000; i++) {
            nanos.recordValue(i * 1_000L); // 1 µs .. 1000 µs
        }
        LoadSpec spec = LoadSpec.builder().url("http://127.0.0.1:8080/echo/plain/hello").connections(4).threads(2)
                .duration(Duration.ofSeconds(2)).build();
        TreeMap<Integer, Long> statuses = new TreeMap<>(Map.of(200, 990L, 500, 10L));
        LoadResult load = new LoadResult(spec, Transport.NIO, 2_000_000_000L, 1000, 150_000, 80_000,
                new ErrorCounts(0, 1, 0, 2, 10, 0), 0, statuses, nanos, null, new Histogram(3), 1_900_000_000L, 0.5, 2);
        CaseIdentity id = new CaseIdentity("netty", "spock-scotty", "GET /echo/plain/{param}", 4, 0);

        CaseResult c = CaseResult.from(id, load, ServerMetrics.measured(0.15, 0.05, 90_000_000, 80_000_000),
                new GeneratorMetrics(1.9, load.generatorCpuMicrosPerRequest(), 1, true));

        assertThat(c.identity()).isEqualTo(id);
        assertThat(c.path()).isEqualTo("/echo/plain/hello");
        assertThat(c.threads()).isEqualTo(2);
        assertThat(c.requestsPerSecond()).isEqualTo(500.0);
        // HdrHistogram keeps 3 significant digits, so percentiles are within 0.1 %.
        assertThat(c.latency().p50Micros()).isCloseTo(500.0, withinPercentage(0.1));
        assertThat(c.latency().p99Micros()).isCloseTo(990.0, withinPercentage(0.1));
        assertThat(c.latency().maxMicros()).isCloseTo(1000.0, withinPercentage(0.1));
        assertThat(c.spectrum().get(0).percentile()).isZero();
        assertThat(c.spectrum().get(0).micros()).isEqualTo(1.0);
        assertThat(c.spectrum()).extracting(PercentilePoint::percentile).contains(90.0, 99.0, 99.9, 99.999);
        assertThat(c.errors()).isEqualTo(new Errors(0, 1, 0, 2, 10, 0));
        assertThat(c.statusCounts()).containsEntry(500, 10L);
        assertThat(c.server().cpuMicrosPerRequest()).isCloseTo(200.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(c.generator().saturated()).isTrue();
        assertThat(c.generator().cpuMicrosPerRequest()).isEqualTo(1900.0);
    }

    @Test
    void anH3CaseRecordsItsHandshakesAndQuicSummaryInResultsJson() throws IOException {
        Histogram nanos = new Histogram(3);
        nanos.recordValue(100_000L);
        Histogram setup = new Histogram(3);
        for (int i = 1; i <= 100; i++) {
            setup.recordValue(i * 10_000L); // 10 µs .. 1000 µs
        }
        TlsSummary tls = new TlsSummary("OpenSSL", "TLSv1.3", "TLS_AES_128_GCM_SHA256", "h3", 100, 40, 2, 1, 0);
        QuicSummary quic = new QuicSummary(3, 5, new TreeMap<>(Map.of("h3 0x100", 2L, QuicSummary.IDLE_TIMEOUT, 1L)),
                new QuicSummary.EarlyData(40, 30, 8));
        LoadSpec spec = LoadSpec.builder().url("https://127.0.0.1:8443/echo/plain/hello").connections(4).threads(1)
                .duration(Duration.ofSeconds(1)).build();
        LoadResult load = new LoadResult(spec, Transport.NIO, 1_000_000_000L, 1, 100, 100, ErrorCounts.NONE, 0,
                new TreeMap<>(Map.of(200, 1L)), nanos, null, new Histogram(3), 0, 0.1, 1, 4,
                new ConnectionStats(100, setup, tls, quic));
        CaseIdentity id = new CaseIdentity("netty", "spock-scotty", "GET /echo/plain/{param}", 4, 0, "h3", "");

        ResultsJournal journal = ResultsJournal.create(dir, header());
        journal.recordCase(CaseResult.builder().from(CaseResult.from(id, load, null, null)).protocol("h3").build());
        ConnectionSetup read = ResultsJournal.read(ResultsJson.fileIn(dir)).cases().get(0).connectionSetup();

        assertThat(read.opened()).isEqualTo(100);
        assertThat(read.setupP50Micros()).isCloseTo(500.0, withinPercentage(0.2));
        assertThat(read.setupP99Micros()).isCloseTo(990.0, withinPercentage(0.2));
        assertThat(read.tls()).isEqualTo(new ConnectionSetup.Tls("OpenSSL", "TLSv1.3", "TLS_AES_128_GCM_SHA256", "h3",
                100, 40, 3));
        assertThat(read.quic().noAnswer()).isEqualTo(3);
        assertThat(read.quic().streamResets()).isEqualTo(5);
        assertThat(read.quic().closes()).containsEntry("h3 0x100", 2L).containsEntry(QuicSummary.IDLE_TIMEOUT, 1L);
        assertThat(read.quic()).extracting(ConnectionSetup.Quic::earlyDataSent, ConnectionSetup.Quic::earlyDataAccepted,
                ConnectionSetup.Quic::earlyDataRejected).containsExactly(40L, 30L, 8L);
        assertThat(Files.readString(ResultsJson.fileIn(dir))).contains("\"connectionSetup\" : {", "\"earlyDataAccepted\" : 30");
    }

    @Test
    void aCaseWithoutTlsRecordsItsConnectionsWithoutTlsOrQuic() {
        LoadSpec spec = LoadSpec.builder().url("http://127.0.0.1:8080/").connections(2).threads(1)
                .duration(Duration.ofSeconds(1)).build();
        Histogram setup = new Histogram(3);
        setup.recordValue(50_000L);
        LoadResult load = new LoadResult(spec, Transport.NIO, 1_000_000_000L, 1, 100, 100, ErrorCounts.NONE, 0,
                new TreeMap<>(Map.of(200, 1L)), new Histogram(3), null, new Histogram(3), 0, 0.1, 1, 2,
                new ConnectionStats(2, setup, null));

        ConnectionSetup c = CaseResult.from(new CaseIdentity("netty", "s", "GET /", 2, 0), load, null, null).connectionSetup();

        assertThat(c.opened()).isEqualTo(2);
        assertThat(c.setupP50Micros()).isCloseTo(50.0, withinPercentage(0.2));
        assertThat(c.tls()).isNull();
        assertThat(c.quic()).isNull();
    }

    @Test
    void theJsonUsesTheDocumentedNames() throws IOException {
        ResultsJournal journal = ResultsJournal.create(dir, header());
        journal.recordTarget(new TargetOutcome("go", "Go", "go", "net/http", "1.22", "platform",
                TargetOutcome.Status.UNAVAILABLE, "go not on PATH", null, null));
        journal.recordCase(aCase("netty", 16, 0, 1000));
        String json = Files.readString(ResultsJson.fileIn(dir));
        assertThat(json).contains("\"schema\" : \"showdown.results/2\"", "\"status\" : \"unavailable\"",
                "\"requestsPerSecond\" : 200.0", "\"p999Micros\"", "\"serverCpus\" : \"0\"", "\"statusCounts\"",
                "\"protocol\" : \"h1\"", "\"rate\" : null", "\"notOffered\" : [ ]");
    }

    @Test
    void protocolAndRateKeepCasesApartAndSurviveAResume() {
        ResultsJournal journal = ResultsJournal.create(dir, header());
        CaseResult h1 = aCase("netty", 16, 0, 1000);
        CaseResult tls = CaseResult.builder().from(h1).protocol("h2-tls").build();
        CaseResult open = CaseResult.builder().from(h1).protocol("h2-tls").rate(1234.0, 25.0).build();
        journal.recordCase(h1);
        journal.recordCase(tls);
        journal.recordCase(open);
        journal.recordNotOffered(List.of(new NotOfferedCase("go", "mist", "GET /", "h2c", "", 16)));
        journal.recordNotOffered(List.of(new NotOfferedCase("go", "mist", "GET /", "h2c", "", 16))); // once only

        RunResults read = ResultsJournal.resume(dir).snapshot();
        assertThat(read.cases()).extracting(CaseResult::identity).containsExactly(
                new CaseIdentity("netty", "mist", "GET /", 16, 0),
                new CaseIdentity("netty", "mist", "GET /", 16, 0, "h2-tls", ""),
                new CaseIdentity("netty", "mist", "GET /", 16, 0, "h2-tls", "25%"));
        assertThat(read.cases().get(2).rate()).isEqualTo(1234.0);
        assertThat(read.cases().get(2).rateOfCapacityPercent()).isEqualTo(25.0);
        assertThat(read.notOffered()).containsExactly(new NotOfferedCase("go", "mist", "GET /", "h2c", "", 16));
        assertThat(CaseIdentity.rateId(2000, 0)).isEqualTo("2000/s");
        assertThat(CaseIdentity.rateId(0, 0)).isEmpty();
    }
}
