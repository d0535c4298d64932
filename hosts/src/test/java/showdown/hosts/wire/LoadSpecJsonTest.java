package showdown.hosts.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import showdown.load.Arrival;
import showdown.load.LoadSpec;
import showdown.load.SpinLead;

/** A plan crosses the wire whole: the agent runs the protocol, model and sizes the controller asked for. */
class LoadSpecJsonTest {

    static LoadSpec acrossTheWire(LoadSpec spec) {
        Message.LoadPlan plan = new Message.LoadPlan("case-1", LoadSpecJson.of(spec), 0, 0, 250_000_000L);
        Message decoded = Wire.decode(Wire.encode(plan));
        return ((Message.LoadPlan) decoded).spec().toSpec();
    }

    @Test
    void anHttp3PlanStaysHttp3() {
        LoadSpec spec = LoadSpec.builder().url("https://192.0.2.10:8443/plaintext").connections(4).threads(1)
                .duration(Duration.ofSeconds(3)).pipelineDepth(8).http3(true).earlyData(true).build();

        LoadSpec received = acrossTheWire(spec);

        assertThat(received.http3()).isTrue();
        assertThat(received.earlyData()).isTrue();
        assertThat(received.http2()).isFalse();
        assertThat(received.pipelineDepth()).isEqualTo(8);
        assertThat(received).isEqualTo(spec);
    }

    @Test
    void anOpenModelH2cPlanKeepsItsRateAndProtocol() {
        LoadSpec spec = LoadSpec.builder().url("http://192.0.2.10:8080/json").connections(16).threads(2)
                .duration(Duration.ofSeconds(5)).rate(12_500).http2(true).build();

        LoadSpec received = acrossTheWire(spec);

        assertThat(received.http2()).isTrue();
        assertThat(received.http3()).isFalse();
        assertThat(received.ratePerSecond()).isEqualTo(12_500);
        assertThat(received).isEqualTo(spec);
    }

    @Test
    void aPoissonPlanKeepsItsArrivalAndSeed() {
        LoadSpec spec = LoadSpec.builder().url("http://192.0.2.10:8080/").connections(4).threads(1)
                .duration(Duration.ofSeconds(5)).rate(1000).arrival(Arrival.poisson(-77)).build();

        LoadSpec received = acrossTheWire(spec);

        assertThat(received.arrival()).isEqualTo(Arrival.poisson(-77));
        assertThat(received).isEqualTo(spec);
    }

    @Test
    void aPlanKeepsItsSpinLead() {
        LoadSpec spec = LoadSpec.builder().url("http://192.0.2.10:8080/").connections(4).threads(1)
                .duration(Duration.ofSeconds(5)).rate(1000).spinLead(SpinLead.micros(7)).build();

        assertThat(acrossTheWire(spec).spinLead()).isEqualTo(SpinLead.micros(7));
        assertThat(acrossTheWire(spec.toBuilder().spinLead(SpinLead.AUTO).build()).spinLead()).isEqualTo(SpinLead.AUTO);
    }
}
