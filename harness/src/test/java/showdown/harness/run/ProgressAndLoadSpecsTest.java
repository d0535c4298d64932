package showdown.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import showdown.harness.plan.LoadLevel;
import showdown.harness.plan.PlannedCase;
import showdown.harness.plan.Profile;
import showdown.harness.plan.RequestTemplate;
import showdown.harness.plan.Rate;
import showdown.harness.plan.TargetRound;
import showdown.harness.results.CaseHosts;
import showdown.harness.targets.Protocol;
import showdown.load.Header;
import showdown.load.Arrival;
import showdown.load.LoadSpec;
import showdown.load.Progress;

class ProgressAndLoadSpecsTest {

    private static final URI BASE = URI.create("http://127.0.0.1:8080");

    private static PlannedCase planned(int index, String label, String method, String path, int bodyBytes, int pipeline,
                                       int connections) {
        RequestTemplate r = new RequestTemplate(label, method, path, Map.of(),
                bodyBytes > 0 ? List.of(new Header("Content-Type", "application/octet-stream")) : List.of(), bodyBytes, pipeline);
        return new PlannedCase(index, "t", "s", r, label, path, new LoadLevel(connections, 1), 1, Duration.ofSeconds(2),
                Duration.ofSeconds(3));
    }

    @Test
    void aCaseBecomesTheLoadSpecItDescribes() {
        PlannedCase c = planned(1, "GET /plaintext", "GET", "/plaintext", 0, 16, 8);
        LoadSpec spec = LoadSpecs.forCase(BASE, c, Duration.ZERO, 1L);
        assertThat(spec.urls()).containsExactly(URI.create("http://127.0.0.1:8080/plaintext"));
        assertThat(spec.pipelineDepth()).isEqualTo(16);
        assertThat(spec.connections()).isEqualTo(8);
        assertThat(spec.threads()).isEqualTo(1);
        assertThat(spec.duration()).isEqualTo(Duration.ofSeconds(2));
        assertThat(spec.timeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(spec.body()).isNull();
    }

    @Test
    void eachProtocolMapsOntoTheEngineAndARateSelectsTheOpenModel() {
        RequestTemplate r = new RequestTemplate("GET /", "GET", "/", Map.of(), List.of(), 0, 1);
        java.util.function.Function<Protocol, PlannedCase> over = p -> new PlannedCase(1, "t", "s", r, "GET /", "/",
                new LoadLevel(4, 1, Rate.perSecond(500)), 1, Duration.ofSeconds(2), Duration.ofSeconds(3), p, null);
        URI tls = URI.create("https://127.0.0.1:8443");

        LoadSpec h2c = LoadSpecs.forCase(BASE, over.apply(Protocol.H2C), Duration.ZERO, 1L);
        assertThat(h2c.urls()).containsExactly(URI.create("http://127.0.0.1:8080/"));
        assertThat(h2c.http2()).isTrue();
        assertThat(h2c.secure()).isFalse();
        assertThat(h2c.ratePerSecond()).isEqualTo(500.0);
        assertThat(h2c.openModel()).isTrue();

        LoadSpec h1tls = LoadSpecs.forCase(tls, over.apply(Protocol.H1_TLS), Duration.ZERO, 1L);
        assertThat(h1tls.urls()).containsExactly(URI.create("https://127.0.0.1:8443/"));
        assertThat(h1tls.secure()).isTrue();
        assertThat(h1tls.http2()).isFalse();
        assertThat(h1tls.tls().verify()).as("no verification, as wrk and h2load").isFalse();

        LoadSpec h2tls = LoadSpecs.forCase(tls, over.apply(Protocol.H2_TLS), Duration.ZERO, 1L, 250, Arrival.Process.UNIFORM);
        assertThat(h2tls.secure()).isTrue();
        assertThat(h2tls.http2()).isTrue();
        assertThat(h2tls.ratePerSecond()).isEqualTo(250.0);
        assertThat(h2tls.arrival()).isEqualTo(Arrival.UNIFORM);

        LoadSpec poisson = LoadSpecs.forCase(tls, over.apply(Protocol.H2_TLS), Duration.ZERO, 1L, 250, Arrival.Process.POISSON);
        assertThat(poisson.arrival().process()).isEqualTo(Arrival.Process.POISSON);
        assertThat(LoadSpecs.forCase(tls, over.apply(Protocol.H2_TLS), Duration.ZERO, 1L, 250, Arrival.Process.POISSON)
                .arrival()).as("the run's seed repeats the case's schedule").isEqualTo(poisson.arrival());
        assertThat(LoadSpecs.forCase(tls, over.apply(Protocol.H2_TLS), Duration.ZERO, 2L, 250, Arrival.Process.POISSON)
                .arrival()).isNotEqualTo(poisson.arrival());

        assertThat(LoadSpecs.forCase(BASE, planned(1, "GET /", "GET", "/", 0, 1, 4), Duration.ZERO, 1L).openModel()).isFalse();
    }

    @Test
    void theWarmUpWarmsEachProtocolOfTheRound() {
        RequestTemplate r = new RequestTemplate("GET /", "GET", "/", Map.of(), List.of(), 0, 1);
        TargetRound round = new TargetRound("t", 1, List.of(
                new PlannedCase(1, "t", "s", r, "GET /", "/", new LoadLevel(4, 1), 1, Duration.ofSeconds(2),
                        Duration.ofSeconds(3), Protocol.H1_TLS, null),
                new PlannedCase(2, "t", "s", r, "GET /", "/", new LoadLevel(4, 1), 1, Duration.ofSeconds(2),
                        Duration.ofSeconds(3), Protocol.H2_TLS, null)));
        List<LoadSpecs.WarmupKind> kinds = LoadSpecs.warmupKinds(p -> URI.create("https://127.0.0.1:8443"), round, 2, 1L);
        assertThat(kinds).extracting(LoadSpecs.WarmupKind::label)
                .containsExactly(LoadSpecs.GET_MIX + " over h1-tls", LoadSpecs.GET_MIX + " over h2-tls");
        assertThat(kinds.get(1).spec().http2()).isTrue();
        assertThat(kinds.get(1).spec().secure()).isTrue();
    }

    @Test
    void eachLoadLevelGetsItsOwnRandomBody() {
        PlannedCase low = planned(1, "POST /user", "POST", "/user", 10_240, 1, 1);
        PlannedCase high = planned(2, "POST /user", "POST", "/user", 10_240, 1, 16);
        byte[] a = LoadSpecs.forCase(BASE, low, Duration.ZERO, 9L).body();
        assertThat(a).hasSize(10_240);
        assertThat(LoadSpecs.forCase(BASE, low, Duration.ZERO, 9L).body()).isEqualTo(a);
        assertThat(LoadSpecs.forCase(BASE, high, Duration.ZERO, 9L).body()).isNotEqualTo(a);
        assertThat(LoadSpecs.forCase(BASE, low, Duration.ZERO, 9L).method()).isEqualTo("POST");
        assertThat(LoadSpecs.forCase(BASE, low, Duration.ZERO, 9L).headers()).containsExactly(new Header("Content-Type", "application/octet-stream"));
    }

    @Test
    void theWarmUpMixesTheGetsAndGivesEachBodyRequestAKindOfItsOwn() {
        TargetRound round = new TargetRound("t", 1, List.of(
                planned(1, "GET /", "GET", "/", 0, 1, 2),
                planned(2, "GET /", "GET", "/", 0, 1, 16),
                planned(3, "GET /user/:id", "GET", "/user/2000", 0, 1, 200),
                planned(4, "POST /user", "POST", "/user", 100, 1, 16)));
        List<LoadSpecs.WarmupKind> kinds = LoadSpecs.warmupKinds(BASE, round, 2, 1L);
        assertThat(kinds).extracting(LoadSpecs.WarmupKind::label).containsExactly(LoadSpecs.GET_MIX, "POST /user");
        LoadSpec gets = kinds.get(0).spec();
        assertThat(gets.urls()).containsExactly(URI.create("http://127.0.0.1:8080/"), URI.create("http://127.0.0.1:8080/user/2000"));
        assertThat(gets.duration()).isEqualTo(Profile.SteadyState.SLICE);
        assertThat(gets.connections()).isEqualTo(LoadSpecs.WARMUP_MAX_CONNECTIONS);
        assertThat(gets.threads()).isEqualTo(2);
        LoadSpec post = kinds.get(1).spec();
        assertThat(post.method()).isEqualTo("POST");
        assertThat(post.duration()).isEqualTo(Profile.SteadyState.SLICE);
        assertThat(post.warmup()).isEqualTo(Duration.ZERO);
    }

    @Test
    void aCaseSettlesOnItsOwnConnectionsBeforeItsWindow() {
        PlannedCase c = planned(1, "GET /", "GET", "/", 0, 1, 16);
        assertThat(LoadSpecs.forCase(BASE, c, Duration.ofMillis(500), 1L).warmup()).isEqualTo(Duration.ofMillis(500));
        assertThat(LoadSpecs.forCase(BASE, c, Duration.ofMillis(500), 1L).connections()).isEqualTo(16);
    }

    @Test
    void withoutATerminalProgressIsOnePlainLinePerEvent() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Eta eta = new Eta();
        eta.start(Duration.ofSeconds(65), 1);
        ProgressReporter p = new ProgressReporter(new PrintStream(bytes, true, StandardCharsets.UTF_8), false, eta);
        PlannedCase c = planned(3, "GET /json", "GET", "/json", 0, 1, 4);
        p.caseStarted(c, 3, 10);
        p.onProgress(new Progress(1_000_000_000L, false, 1000, 1234.4, 0));
        p.caseFinished(c, 1234.4, 2, true, null);
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(out).doesNotContain("\r");
        assertThat(out.lines().toList()).hasSize(2);
        assertThat(out.lines().toList().get(0)).isEqualTo("case 3/10 t s GET /json -t1 -c4");
        assertThat(out.lines().toList().get(1))
                .startsWith("  t s GET /json -t1 -c4: 1,234 req/s, 2 errors, WARNING: load generator saturated (ETA ");
    }

    @Test
    void aMultiHostCaseNamesItsLostAgentAndEveryClockWithItsError() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ProgressReporter p = new ProgressReporter(new PrintStream(bytes, true, StandardCharsets.UTF_8), true, new Eta());
        PlannedCase c = planned(1, "GET /json", "GET", "/json", 0, 1, 4);
        CaseHosts hosts = new CaseHosts("server (192.0.2.10:7700)", List.of(
                new CaseHosts.AgentShare("load-1", "192.0.2.11:7700", 0.5, 600, 1.0, 1.25, -0.031, 0.012, false, false, 0.02,
                        false, 0.061),
                new CaseHosts.AgentShare("load-2", "192.0.2.12:7700", 0.5, 0, 0.0, 0.0, 0.2, 0.01, false, true, null, false,
                        0.0)), 0.5, 0.004, 0.0106);
        p.caseFinished(c, 600, 0, false, hosts);
        assertThat(bytes.toString(StandardCharsets.UTF_8).strip()).isEqualTo("t s GET /json -t1 -c4: 600 req/s; load-2 LOST"
                + " (50% of the load missing); clocks (ms): server +0.004 ±0.011, load-1 -0.031 ±0.012");
    }

    @Test
    void onATerminalTheLiveLineIsRedrawnInPlace() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ProgressReporter p = new ProgressReporter(new PrintStream(bytes, true, StandardCharsets.UTF_8), true, new Eta());
        PlannedCase c = planned(1, "GET /json", "GET", "/json", 0, 1, 4);
        p.caseStarted(c, 1, 2);
        p.onProgress(new Progress(1_000_000_000L, false, 1000, 5000, 0));
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(out).startsWith("\rcase 1/2 t s GET /json -t1 -c4  starting  ETA ");
        assertThat(out).contains("\rcase 1/2 t s GET /json -t1 -c4  5,000 req/s  ETA ");
        assertThat(out).doesNotContain("\n");
    }

    @Test
    void etaFormatsHoursMinutesAndSeconds() {
        assertThat(ProgressReporter.format(Duration.ofSeconds(12))).isEqualTo("12s");
        assertThat(ProgressReporter.format(Duration.ofSeconds(245))).isEqualTo("4m05s");
        assertThat(ProgressReporter.format(Duration.ofSeconds(3720))).isEqualTo("1h02m");
        Eta eta = new Eta();
        eta.start(Duration.ofSeconds(100), 2);
        assertThat(eta.remaining()).isEqualTo(Duration.ofSeconds(100).plus(Eta.INITIAL_ROUND_OVERHEAD.multipliedBy(2)));
        eta.roundStarted();
        eta.dropLoad(Duration.ofSeconds(40));
        assertThat(eta.remaining()).isEqualTo(Duration.ofSeconds(60).plus(Eta.INITIAL_ROUND_OVERHEAD));
        eta.roundDone(Duration.ofSeconds(1));
        eta.roundStarted();
        assertThat(eta.remaining()).isEqualTo(Duration.ofSeconds(60));
    }
}
