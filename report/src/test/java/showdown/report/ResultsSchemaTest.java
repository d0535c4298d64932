package showdown.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.harness.results.ResultsJson;
import showdown.harness.results.RunResults;

/**
 * results.json read back as another tool reads it: checked against docs/results-schema.json, the
 * JSON Schema of docs/results-schema.md, with a JSON Schema validator (formats asserted).
 */
class ResultsSchemaTest {

    private static final Path SCHEMA_FILE = Path.of("..", "docs", "results-schema.json");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
            b -> b.schemaRegistryConfig(SchemaRegistryConfig.builder().formatAssertionsEnabled(true).build()));

    @TempDir
    Path dir;

    @Test
    void theSchemaIsAValidDraft202012Schema() throws IOException {
        Schema meta = REGISTRY.getSchema(SchemaLocation.of(SpecificationVersion.DRAFT_2020_12.getDialectId()));
        assertThat(meta.validate(schemaTree())).isEmpty();
    }

    @Test
    void aResultsFileWithEverySchema11FieldIsValid() throws IOException {
        JsonNode written = write(SampleRun.buildWithSchema11Fields());
        assertThat(written.get("schema").asText()).isEqualTo(RunResults.SCHEMA);
        assertThat(written.get("cases").get(0).get("samples")).hasSize(20);
        assertThat(written.get("warmups")).hasSize(4);
        assertThat(errors(written)).isEmpty();
    }

    @Test
    void protocolsRatesAndNotOfferedCasesOfSchema13AreValidAndNamed() throws IOException {
        var run = SampleRun.build();
        var cases = new java.util.ArrayList<>(run.cases());
        cases.set(0, showdown.harness.results.CaseResult.builder().from(cases.get(0)).protocol("h2-tls").rate(1500.0, 25.0).build());
        cases.set(1, showdown.harness.results.CaseResult.builder().from(cases.get(1)).protocol("h2c").rate(2000.0, null).build());
        cases.set(2, showdown.harness.results.CaseResult.builder().from(cases.get(2)).protocol("h3").build());
        var with = run.withCases(cases).withNotOffered(java.util.List.of(
                new showdown.harness.results.NotOfferedCase("netty", "secure", "GET /", "h1-tls", "", 64),
                new showdown.harness.results.NotOfferedCase("netty", "secure", "GET /", "h2-tls", "25%", 64),
                new showdown.harness.results.NotOfferedCase("netty", "secure", "GET /", "h3", "", 64)));
        JsonNode written = write(with);
        assertThat(written.get("cases").get(0).get("protocol").asText()).isEqualTo("h2-tls");
        assertThat(written.get("notOffered")).hasSize(3);
        assertThat(errors(written)).isEmpty();
        assertThat(REGISTRY.getSchema(close(schemaTree().deepCopy())).validate(written)).isEmpty();
    }

    @Test
    void protocolsABuildCouldNotProvideOfSchema2AreValidNamedAndReadBack() throws IOException {
        var run = SampleRun.build();
        var targets = new java.util.ArrayList<>(run.targets());
        targets.set(0, targets.get(0).withUnavailableProtocols(java.util.Map.of("h3", "needs Rust >= 1.88")));
        var with = run.withTargets(targets).withNotOffered(java.util.List.of(
                new showdown.harness.results.NotOfferedCase(targets.get(0).name(), "secure", "GET /", "h3", "", 64,
                        "h3 unavailable here: needs Rust >= 1.88"),
                new showdown.harness.results.NotOfferedCase("netty", "secure", "GET /", "h1-tls", "", 64)));
        JsonNode written = write(with);
        assertThat(written.get("targets").get(0).get("unavailableProtocols").get("h3").asText()).isEqualTo("needs Rust >= 1.88");
        assertThat(written.get("targets").get(1).has("unavailableProtocols")).as("absent when none").isFalse();
        assertThat(written.get("notOffered").get(0).get("reason").asText()).isEqualTo("h3 unavailable here: needs Rust >= 1.88");
        assertThat(written.get("notOffered").get(1).has("reason")).as("absent when not declared").isFalse();
        assertThat(errors(written)).isEmpty();
        assertThat(REGISTRY.getSchema(close(schemaTree().deepCopy())).validate(written)).isEmpty();
        RunResults read = ResultsJson.read(ResultsJson.fileIn(dir));
        assertThat(read.targets()).isEqualTo(with.targets());
        assertThat(read.notOffered()).isEqualTo(with.notOffered());
    }

    @Test
    void aMultiHostCaseOfSchema16IsValidAndNamed() throws IOException {
        var run = SampleRun.build();
        var cases = new java.util.ArrayList<>(run.cases());
        var hosts = new showdown.harness.results.CaseHosts("server (192.0.2.10:7700)", java.util.List.of(
                new showdown.harness.results.CaseHosts.AgentShare("load-1", "192.0.2.11:7700", 0.5, 600, 1.0, 1.25, 0.031,
                        0.012, false, false, 0.02, false, 0.061),
                new showdown.harness.results.CaseHosts.AgentShare("load-2", "192.0.2.12:7700", 0.5, 0, 0.0, 0.0, -0.012,
                        0.01, false, true, null, false, 0.0)), 0.5, 0.004, 0.011);
        cases.set(0, showdown.harness.results.CaseResult.builder().from(cases.get(0)).hosts(hosts)
                .notes(java.util.List.of(new showdown.harness.results.CaseNote(
                        showdown.harness.results.CaseNote.Kind.INCOMPLETE, "load agent load-2 lost mid-case"))).build());
        JsonNode written = write(run.withCases(cases));
        assertThat(written.get("cases").get(0).get("hosts").get("agents")).hasSize(2);
        assertThat(written.get("cases").get(0).get("notes").get(0).get("kind").asText()).isEqualTo("incomplete");
        assertThat(errors(written)).isEmpty();
        assertThat(REGISTRY.getSchema(close(schemaTree().deepCopy())).validate(written)).isEmpty();
    }

    @Test
    void aCaseWithItsConnectionSetupOfSchema2IsValidAndNamed() throws IOException {
        var run = SampleRun.build();
        var cases = new java.util.ArrayList<>(run.cases());
        var h3 = new showdown.harness.results.ConnectionSetup(12, 850.0, 2100.0,
                new showdown.harness.results.ConnectionSetup.Tls("OpenSSL", "TLSv1.3", "TLS_AES_128_GCM_SHA256", "h3", 12, 4, 0),
                new showdown.harness.results.ConnectionSetup.Quic(0, 1, new java.util.TreeMap<>(java.util.Map.of("h3 0x100", 1L)),
                        4, 3, 1));
        var h1 = new showdown.harness.results.ConnectionSetup(0, 0, 0, null, null);
        cases.set(0, showdown.harness.results.CaseResult.builder().from(cases.get(0)).protocol("h3").connectionSetup(h3).build());
        cases.set(1, showdown.harness.results.CaseResult.builder().from(cases.get(1)).connectionSetup(h1).build());
        JsonNode written = write(run.withCases(cases));
        assertThat(written.at("/cases/0/connectionSetup/quic/earlyDataAccepted").asLong()).isEqualTo(3);
        assertThat(written.at("/cases/0/connectionSetup/tls/resumed").asLong()).isEqualTo(4);
        assertThat(written.at("/cases/1/connectionSetup/quic").isNull()).isTrue();
        assertThat(errors(written)).isEmpty();
        assertThat(REGISTRY.getSchema(close(schemaTree().deepCopy())).validate(written)).isEmpty();
    }

    @Test
    void theSchemaNamesEveryFieldTheWriterWrites() throws IOException {
        // The published schema lets unknown fields through (minor versions add fields); closed, it
        // shows that none of ours is missing from it.
        Schema closed = REGISTRY.getSchema(close(schemaTree().deepCopy()));
        assertThat(closed.validate(write(SampleRun.buildWithSchema11Fields()))).isEmpty();
        assertThat(closed.validate(write(SampleRun.build()))).isEmpty();
        ObjectNode extra = (ObjectNode) write(SampleRun.build());
        extra.withObject("/cases/0/latency").put("p99999Micros", 1.0);
        assertThat(closed.validate(extra)).isNotEmpty();
    }

    @Test
    void aVersion10FileWithoutThe11FieldsIsValid() throws IOException {
        ObjectNode old = (ObjectNode) write(SampleRun.buildWithSchema11Fields());
        old.put("schema", "showdown.results/1");
        old.remove("warmups");
        for (JsonNode c : old.get("cases")) {
            ((ObjectNode) c).remove(List.of("samples", "uncertainty", "interference", "notes"));
        }
        assertThat(errors(old)).isEmpty();
    }

    @Test
    void aSearchCaseWithItsSustainableThroughputIsValid() throws IOException {
        RunResults run = SampleRun.build();
        showdown.harness.results.CaseResult search = showdown.harness.results.CaseResult.builder().from(run.cases().get(0))
                .sustainable(List.of(new showdown.harness.results.SustainableThroughput("p99", 10_000, 1_837,
                        new showdown.harness.results.Interval(1_837, 2_033), "latency", false, List.of(
                        new showdown.harness.results.SustainableThroughput.SearchStep(1_837, 1_835, 900, 6_000, "pass",
                                "other processes used 34 % of the measured CPUs"),
                        new showdown.harness.results.SustainableThroughput.SearchStep(1_837, 1_835, 900, 6_000, "pass"),
                        new showdown.harness.results.SustainableThroughput.SearchStep(2_033, 2_030, 1_400, 14_000,
                                "latency"))))).build();
        JsonNode written = write(run.withCases(List.of(search, run.cases().get(1))));
        assertThat(written.at("/cases/0/sustainable/0/interval/high").asDouble()).isEqualTo(2_033.0);
        assertThat(written.at("/cases/0/sustainable/0/steps/0/disturbance").asText()).startsWith("other processes");
        assertThat(written.at("/cases/0/sustainable/0/steps/1").has("disturbance")).isFalse();
        assertThat(written.at("/cases/1/sustainable").isMissingNode() || written.at("/cases/1/sustainable").isNull())
                .isTrue();
        assertThat(errors(written)).isEmpty();
        ((ObjectNode) written.at("/cases/0/sustainable/0")).put("limit", "luck");
        assertThat(errors(written)).isNotEmpty();
    }

    @Test
    void aFinishedRunsSustainableThroughputOverRoundsIsValidAndA18ObjectStillIs() throws IOException {
        RunResults run = SampleRun.build().withSustainableOverRounds(List.of(new showdown.harness.results.SustainableOverRounds(
                "netty", "custom", "GET /", 64, "h1", "p99", 10_000, 3, 5_000, new showdown.harness.results.Interval(4_800,
                5_200)), new showdown.harness.results.SustainableOverRounds("netty", "custom", "GET /", 64, "h1", "p99",
                100_000, 2, 7_000, null)));
        JsonNode written = write(run);
        assertThat(written.at("/sustainableOverRounds/0/interval/low").asDouble()).isEqualTo(4_800.0);
        assertThat(errors(written)).isEmpty();
        ((ObjectNode) written.at("/sustainableOverRounds/1")).put("rounds", 1);
        assertThat(errors(written)).isNotEmpty();
        assertThat(write(SampleRun.build()).has("sustainableOverRounds")).isFalse(); // absent when there is none

        ObjectNode old = (ObjectNode) write(SampleRun.build());
        old.put("schema", "showdown.results/1.8");
        old.withObject("/cases/0").putObject("sustainable").put("quantile", "p99").put("limitMicros", 10_000)
                .put("requestsPerSecond", 1_000).put("limit", "latency").put("generatorBound", false).putArray("steps");
        ((ObjectNode) old.at("/cases/0/sustainable")).putObject("interval").put("low", 1_000).put("high", 1_100);
        assertThat(errors(old)).isEmpty();
    }

    @Test
    void aFieldAMinorVersionAddsIsAccepted() throws IOException {
        ObjectNode newer = (ObjectNode) write(SampleRun.build());
        newer.put("schema", "showdown.results/2.99");
        newer.put("someFutureField", true);
        newer.withObject("/cases/0").put("someFutureFigure", 12.5);
        assertThat(errors(newer)).isEmpty();
    }

    @Test
    void aFileThatBreaksTheSchemaFails() throws IOException {
        assertInvalid(n -> n.withObject("/cases/0").put("requests", "many"), "/cases/0/requests");
        assertInvalid(n -> n.withObject("/cases/0").put("connections", 1.5), "/cases/0/connections");
        assertInvalid(n -> n.withObject("/cases/0").remove("latency"), "latency");
        assertInvalid(n -> n.withObject("/targets/0").put("status", "fine"), "/targets/0/status");
        assertInvalid(n -> n.withObject("/cases/0/statusCounts").put("OK", 3), "OK");
        assertInvalid(n -> n.put("schema", "showdown.results/3"), "/schema");
        assertInvalid(n -> n.put("startedAt", "yesterday"), "/startedAt");
        assertInvalid(n -> n.withObject("/cases/0").put("finishedAt", "2026-13-45T25:61:00Z"), "/cases/0/finishedAt");
        assertInvalid(n -> n.withObject("/cases/0/interference").put("otherCpuShare", 1.5),
                "/cases/0/interference");
        assertInvalid(n -> ((ObjectNode) n.withArray("/cases/0/notes").get(0)).put("kind", "gossip"),
                "/cases/0/notes/0/kind");
        assertInvalid(n -> n.withObject("/warmups/0").put("steady", "yes"), "/warmups/0/steady");
    }

    private void assertInvalid(Consumer<ObjectNode> breakIt, String where) throws IOException {
        ObjectNode broken = (ObjectNode) write(SampleRun.buildWithSchema11Fields());
        breakIt.accept(broken);
        List<Error> errors = errors(broken);
        assertThat(errors).as(where).isNotEmpty();
        assertThat(errors.toString()).as(where).contains(where);
    }

    /** Writes {@code run} as a run does, and reads the file back as a tree. */
    private JsonNode write(RunResults run) throws IOException {
        Path file = ResultsJson.fileIn(dir);
        ResultsJson.writeAtomically(file, run);
        return JSON.readTree(file.toFile());
    }

    private static List<Error> errors(JsonNode results) throws IOException {
        return REGISTRY.getSchema(schemaTree()).validate(results);
    }

    private static JsonNode schemaTree() throws IOException {
        return JSON.readTree(SCHEMA_FILE.toFile());
    }

    /** Sets additionalProperties: false on every object schema with named properties that says nothing of it. */
    private static JsonNode close(JsonNode schema) {
        if (schema instanceof ObjectNode o) {
            if (o.has("properties") && !o.has("additionalProperties")) {
                o.put("additionalProperties", false);
            }
            o.forEach(ResultsSchemaTest::close);
        } else if (schema instanceof ArrayNode a) {
            a.forEach(ResultsSchemaTest::close);
        }
        return schema;
    }
}
