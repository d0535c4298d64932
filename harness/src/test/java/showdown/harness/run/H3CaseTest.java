package showdown.harness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.harness.measure.CaseMeasurer;
import showdown.harness.plan.PlanTarget;
import showdown.harness.plan.PlannedCase;
import showdown.harness.plan.Profile;
import showdown.harness.plan.RunPlan;
import showdown.harness.plan.ScenarioCatalog;
import showdown.harness.results.CaseSample;
import showdown.harness.targets.Http3Dialer;
import showdown.harness.targets.Protocol;
import showdown.harness.targets.SelfSignedCertificate;
import showdown.harness.verify.Http3ContractServer;
import showdown.load.LoadSpec;
import showdown.load.ProgressListener;

/**
 * A suite case over h3, from a scenario and a profile that name it to the load engine's HTTP/3
 * transport, measured against an in-test HTTP/3 server with exact counts on both sides.
 */
class H3CaseTest {

    private static final int REQUESTS = 300;

    @TempDir
    Path dir;

    private PlannedCase plannedOverH3() throws IOException {
        Files.writeString(Files.createDirectories(dir.resolve("scenarios")).resolve("quic.yaml"), """
                name: quic
                protocol: [h2-tls, h3]
                requests:
                  - {label: GET /plaintext, path: /plaintext}
                """);
        ScenarioCatalog catalog = ScenarioCatalog.load(dir.resolve("scenarios"));
        Profile profile = Profile.load(Files.writeString(dir.resolve("p.yaml"), """
                duration: 30s
                levels:
                  - {connections: 4, threads: 1, protocol: h3}
                """));
        PlanTarget h3Only = new PlanTarget("t", List.of("quic"), List.of(Protocol.H1, Protocol.H3));
        RunPlan plan = RunPlan.build(List.of(h3Only), List.of(catalog.require("quic")), profile, 1, 1L);
        assertThat(plan.cases()).extracting(PlannedCase::key).containsExactly("t | quic | GET /plaintext | c4 t1 p1 | h3 | r1");
        assertThat(plan.notOffered()).isEmpty();
        return plan.cases().get(0);
    }

    @Test
    void anH3CaseUsesTheEnginesHttp3TransportAndIsMeasuredEndToEnd() throws Exception {
        assumeTrue(Http3Dialer.unavailability() == null, "no native QUIC library here: " + Http3Dialer.unavailability());
        PlannedCase c = plannedOverH3();
        SelfSignedCertificate cert = SelfSignedCertificate.create(dir.resolve("run"));
        try (Http3ContractServer server = Http3ContractServer.correct(cert)) {
            URI base = URI.create("https://127.0.0.1:" + server.port());
            LoadSpec spec = LoadSpecs.forCase(base, c, Duration.ZERO, 1L);
            assertThat(spec.http3()).isTrue();
            assertThat(spec.http2()).isFalse();
            assertThat(spec.secure()).isTrue();
            assertThat(spec.tls().verify()).as("not verified, as for h1-tls and h2-tls").isFalse();

            // bounded by a count, so both sides can be counted exactly; the 30 s duration never ends it
            LoadSpec counted = spec.toBuilder().requests(REQUESTS).build();
            CaseMeasurer measurer = new CaseMeasurer(CaseMeasurer.Engine.LOAD_ENGINE, List.of(), List.of(),
                    Duration.ofMillis(50), Duration.ofMillis(250));
            CaseMeasurer.Measurement m = measurer.measure(counted, ProcessHandle.current().pid(), ProgressListener.NONE);

            assertThat(m.load().requests()).isEqualTo(REQUESTS);
            assertThat(m.load().statusCounts()).isEqualTo(new java.util.TreeMap<>(Map.of(200, (long) REQUESTS)));
            assertThat(m.load().errors().total()).isZero();
            assertThat(server.answered()).isEqualTo(REQUESTS);
            assertThat(m.samples().stream().mapToLong(CaseSample::requests).sum()).isEqualTo(REQUESTS);
        }
    }

    @Test
    void theWarmUpOfAnH3RoundSpeaksHttp3() throws IOException {
        PlannedCase c = plannedOverH3();
        showdown.harness.plan.TargetRound round = new showdown.harness.plan.TargetRound("t", 1, List.of(c));
        List<LoadSpecs.WarmupKind> kinds = LoadSpecs.warmupKinds(p -> URI.create("https://127.0.0.1:8443"), round, 1, 1L);

        assertThat(kinds).extracting(LoadSpecs.WarmupKind::label).containsExactly(LoadSpecs.GET_MIX + " over h3");
        assertThat(kinds.get(0).spec().http3()).isTrue();
        assertThat(kinds.get(0).spec().secure()).isTrue();
    }
}
