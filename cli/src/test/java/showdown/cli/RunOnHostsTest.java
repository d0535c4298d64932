package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.contract.AgentRole;
import showdown.harness.results.CaseHosts;
import showdown.harness.results.CaseNote;
import showdown.harness.results.CaseResult;
import showdown.harness.results.ResultsJson;
import showdown.harness.results.RunResults;
import showdown.harness.results.SustainableThroughput;
import showdown.harness.run.RunListener;
import showdown.hosts.Clock;
import showdown.hosts.agent.Agent;
import showdown.hosts.agent.AgentConfig;
import showdown.hosts.tls.ChannelTls;
import showdown.hosts.tls.RunCertificates;

/**
 * {@code showdown run --hosts} over agents in this JVM on 127.0.0.1: a server agent that starts
 * the target ({@link RunContractServer}, or {@link RunContractH3Server} for h3) from its own home,
 * and one or two load agents. The namespace
 * test ({@link HostsNamespaceTest}) runs the same across network namespaces, each party a process.
 */
class RunOnHostsTest {

    @TempDir
    Path home;
    private String marker;
    private Path certs;
    private final List<Agent> agents = new ArrayList<>();
    private final List<CompletableFuture<Agent.Exit>> exits = new ArrayList<>();

    @BeforeEach
    void makeHome() throws IOException {
        marker = UUID.randomUUID().toString();
        writeHome(home, marker, "1s");
        certs = home.resolve("certs");
        RunCertificates.create(certs, List.of("127.0.0.1"));
        System.setProperty("showdown.home", home.toString());
    }

    /** A home with the scenarios, target {@code alpha} ({@link RunContractServer}) and profile {@code tiny.yaml}. */
    static void writeHome(Path home, String marker, String duration) throws IOException {
        Path repo = Path.of("..").toAbsolutePath().normalize();
        RunEndToEndTest.copyTree(repo.resolve("scenarios"), home.resolve("scenarios"));
        RunContractServer.writeTarget(home, "alpha", "alpha", marker);
        Files.writeString(home.resolve("tiny.yaml"), """
                name: tiny
                description: short cases, for tests
                duration: %s
                warmup: 1s
                warmup-max: 2s
                settle: 200ms
                levels:
                  - {connections: 4, threads: 1}
                """.formatted(duration));
    }

    @AfterEach
    void cleanUp() throws Exception {
        System.clearProperty("showdown.home");
        RunCommand.listenerForTests = RunListener.NONE;
        agents.forEach(Agent::close);
        List<ProcessHandle> left = serversAlive();
        left.forEach(ProcessHandle::destroyForcibly); // what this test started, found by its marker
        assertThat(left).as("servers left running").isEmpty();
    }

    private Agent agent(AgentRole role, List<String> allow) throws IOException {
        return agent(role, allow, Duration.ofSeconds(20));
    }

    private Agent agent(AgentRole role, List<String> allow, Duration heartbeatTimeout) throws IOException {
        return agent(role, allow, heartbeatTimeout, RunCertificates.agentFolder(certs, "127.0.0.1"));
    }

    /** An agent presenting the pair in {@code folder}. */
    private Agent agent(AgentRole role, List<String> allow, Duration heartbeatTimeout, Path folder) throws IOException {
        AgentConfig c = new AgentConfig(role, "127.0.0.1", 0, ChannelTls.agent(folder), allow, heartbeatTimeout, home,
                Clock.system(), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), AgentConfig.Runs.ONE);
        Agent a = new Agent(c);
        CompletableFuture<Agent.Exit> exit = new CompletableFuture<>();
        Thread.ofPlatform().daemon().start(() -> exit.complete(a.serve()));
        agents.add(a);
        exits.add(exit);
        return a;
    }

    private Path inventory(Agent server, Agent... load) throws IOException {
        StringBuilder yaml = new StringBuilder("server:\n  name: server\n  agent: agent://127.0.0.1:" + server.port()
                + "\n  address: 127.0.0.1\nload:\n");
        for (int i = 0; i < load.length; i++) {
            yaml.append("  - name: load-").append(i + 1).append("\n    agent: agent://127.0.0.1:").append(load[i].port())
                    .append('\n');
        }
        Path file = home.resolve("hosts.yaml");
        Files.writeString(file, yaml);
        return file;
    }

    private String[] args(Path out, Path inventory, String... more) {
        List<String> a = new ArrayList<>(List.of("run", "--hosts", inventory.toString(), "--certs", certs.toString(),
                "--profile", home.resolve("tiny.yaml").toString(), "--scenario", "mist", "--out", out.toString(),
                "--seed", "5"));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    /**
     * A capacity search over two load agents: each step's rate split between them, its slices'
     * histograms added across them; the search's record, and the case at 50 % of its answer, whose
     * agents' requests add up to the case's.
     */
    @Test
    void aCapacitySearchRunsOnTheLoadAgents() throws Exception {
        Files.writeString(home.resolve("search.yaml"), """
                name: search
                description: a tiny capacity run, for tests
                duration: 300ms
                warmup: 1s
                warmup-max: 2s
                settle: 200ms
                slo: p99=900ms
                levels:
                  - {connections: 4, threads: 1}
                  - {connections: 4, threads: 1, rate: 50%}
                """);
        Agent server = agent(AgentRole.SERVER, List.of());
        Agent load1 = agent(AgentRole.LOAD, List.of("127.0.0.1"));
        Agent load2 = agent(AgentRole.LOAD, List.of("127.0.0.1"));
        Path out = home.resolve("results/search");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream savedErr = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = Main.execute("run", "--hosts", inventory(server, load1, load2).toString(), "--certs", certs.toString(),
                    "--profile", home.resolve("search.yaml").toString(), "--scenario", "phoenix-showdown",
                    "--out", out.toString(), "--seed", "5");
        } finally {
            System.setErr(savedErr);
        }
        String said = err.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(said).isZero();

        RunResults run = ResultsJson.read(out.resolve("results.json"));
        CaseResult search = run.cases().stream().filter(CaseResult::searched).findFirst().orElseThrow();
        assertThat(search.sustainable()).hasSize(1);
        SustainableThroughput found = search.sustainable().get(0);
        assertThat(found.slo()).isEqualTo("p99 <= 900 ms");
        assertThat(found.steps()).isNotEmpty().allSatisfy(s -> assertThat(s.achievedRequestsPerSecond()).isPositive());
        assertThat(found.requestsPerSecond()).as(said).isPositive();
        assertThat(said).contains("step 1: ").contains("(the server's host is not checked for interference per step)");

        CaseResult half = run.cases().stream().filter(c -> c.rate() != null).findFirst().orElseThrow();
        assertThat(half.rate()).isEqualTo((double) Math.max(1, Math.round(found.requestsPerSecond() * 0.5)));
        assertThat(half.hosts().agents()).extracting(CaseHosts.AgentShare::name).containsExactly("load-1", "load-2");
        assertThat(half.hosts().agents()).allSatisfy(a -> assertThat(a.requests()).isPositive());
        assertThat(half.hosts().agents().stream().mapToLong(CaseHosts.AgentShare::requests).sum())
                .isEqualTo(half.requests());
        for (CompletableFuture<Agent.Exit> e : exits) {
            assertThat(e.get(20, TimeUnit.SECONDS)).isEqualTo(Agent.Exit.ENDED);
        }
        assertThat(serversAlive()).isEmpty();
    }

    @Test
    void aRunOnTwoLoadAgentsCountsEachRequestOnceAndReportsLikeALocalRun() throws Exception {
        Agent server = agent(AgentRole.SERVER, List.of());
        Agent load1 = agent(AgentRole.LOAD, List.of("127.0.0.1"));
        Agent load2 = agent(AgentRole.LOAD, List.of("127.0.0.1"));
        Path out = home.resolve("results/hosts");
        assertThat(Main.execute(args(out, inventory(server, load1, load2)))).isZero();

        RunResults run = ResultsJson.read(out.resolve("results.json"));
        assertThat(run.cases()).hasSize(3);
        for (CaseResult c : run.cases()) {
            CaseHosts h = c.hosts();
            assertThat(h).as(c.request()).isNotNull();
            assertThat(h.complete()).isTrue();
            assertThat(h.server()).isEqualTo("server (127.0.0.1:" + server.port() + ")");
            assertThat(h.agents()).extracting(CaseHosts.AgentShare::name).containsExactly("load-1", "load-2");
            assertThat(h.agents().stream().mapToLong(CaseHosts.AgentShare::requests).sum()).isEqualTo(c.requests());
            assertThat(h.agents()).allSatisfy(a -> {
                assertThat(a.plannedShare()).isEqualTo(0.5);
                assertThat(a.otherCpuShare()).as("each load host's interference, from /proc/stat").isBetween(0.0, 1.0);
            });
            assertThat(c.interference()).isNotNull();
            assertThat(c.requests()).isPositive();
            assertThat(c.statusCounts()).containsOnlyKeys(200);
            assertThat(c.samples().stream().mapToLong(showdown.harness.results.CaseSample::requests).sum())
                    .isEqualTo(c.requests());
            assertThat(c.server().cpuMicrosPerRequest()).as("server CPU, measured by the server agent").isPositive();
            assertThat(c.server().peakRssBytes()).isPositive();
            assertThat(c.generator().cpuSeconds()).isPositive();
        }
        // every agent ended with the run: the server agent stopped its target
        for (CompletableFuture<Agent.Exit> e : exits) {
            assertThat(e.get(20, TimeUnit.SECONDS)).isEqualTo(Agent.Exit.ENDED);
        }
        assertThat(serversAlive()).isEmpty();

        // the report: a local run's sections, and one more saying where the cases ran
        Path local = home.resolve("results/local");
        assertThat(Main.execute("run", "--profile", home.resolve("tiny.yaml").toString(), "--scenario", "mist",
                "--out", local.toString(), "--seed", "5")).isZero();
        List<String> hostsHeadings = headings(out.resolve("report.md"));
        List<String> localHeadings = new ArrayList<>(headings(local.resolve("report.md")));
        localHeadings.add(localHeadings.indexOf("## How far to trust these figures") + 1, "## Where the cases ran");
        assertThat(hostsHeadings).isEqualTo(localHeadings);
        assertThat(Files.readString(out.resolve("report.md"))).contains("load-1 (127.0.0.1:" + load1.port() + ")");
        assertSameFieldsPerCase(local.resolve("results.json"), out.resolve("results.json"));
    }

    @Test
    void agentsWithoutTheirHostsCertificateInTheFolderAreNamedInOneLineAtTheStartOfTheRun() throws Exception {
        // the agents on 127.0.0.1 present another host's pair, and the folder holds none for 127.0.0.1
        Path elsewhere = RunCertificates.agentFolder(certs, "load-9.example");
        try (var walk = Files.walk(certs.resolve(RunCertificates.AGENTS).resolve("127.0.0.1"))) {
            for (Path f : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
        Agent server = agent(AgentRole.SERVER, List.of(), Duration.ofSeconds(20), elsewhere);
        Agent load1 = agent(AgentRole.LOAD, List.of("127.0.0.1"), Duration.ofSeconds(20), elsewhere);
        Path out = home.resolve("results/unpinned");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream original = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = Main.execute(args(out, inventory(server, load1), "--no-verify"));
        } finally {
            System.setErr(original);
        }
        String said = err.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(said).isZero();
        assertThat(said.lines().filter(l -> l.contains("held to the run's CA and role only")).toList())
                .singleElement().asString()
                .startsWith("showdown run: agent server, load-1 held to the run's CA and role only: the certificate folder"
                        + " has no agents/HOST/agent.pem for them");
    }

    @Test
    void anH3CaseOnHostsHasTheFieldsOfTheSameCaseRunLocallyItsQuicSummaryIncluded() throws Exception {
        String quic = showdown.load.http3.H3Client.unavailability();
        org.junit.jupiter.api.Assumptions.assumeTrue(quic == null, "QUIC does not load here: " + quic);
        RunContractH3Server.writeTarget(home, "gamma", marker);
        Path profile = home.resolve("h3.yaml");
        Files.writeString(profile, """
                name: h3
                description: short h3 cases, for tests
                duration: 1s
                warmup: 1s
                warmup-max: 2s
                settle: 200ms
                levels:
                  - {connections: 2, threads: 1}
                scenarios:
                  mist:
                    protocol: h3
                    levels:
                      - {connections: 2, threads: 1}
                """);
        Agent server = agent(AgentRole.SERVER, List.of());
        Agent load1 = agent(AgentRole.LOAD, List.of("127.0.0.1"));
        Path out = home.resolve("results/hosts-h3");
        List<String> onHosts = new ArrayList<>(List.of(args(out, inventory(server, load1), "--target", "gamma",
                "--no-verify")));
        onHosts.set(onHosts.indexOf(home.resolve("tiny.yaml").toString()), profile.toString());
        assertThat(Main.execute(onHosts.toArray(String[]::new))).isZero();
        for (CompletableFuture<Agent.Exit> e : exits) {
            assertThat(e.get(20, TimeUnit.SECONDS)).isEqualTo(Agent.Exit.ENDED);
        }

        Path local = home.resolve("results/local-h3");
        assertThat(Main.execute("run", "--profile", profile.toString(), "--scenario", "mist", "--target", "gamma",
                "--no-verify", "--out", local.toString(), "--seed", "5")).isZero();
        for (Path results : List.of(local.resolve("results.json"), out.resolve("results.json"))) {
            List<CaseResult> cases = ResultsJson.read(results).cases();
            assertThat(cases).as(results.toString()).isNotEmpty().allSatisfy(c -> {
                assertThat(c.protocol()).isEqualTo("h3");
                assertThat(c.requests()).isPositive();
                assertThat(c.connectionSetup().tls()).as("QUIC's TLS handshakes").isNotNull();
                assertThat(c.connectionSetup().quic()).as("the QUIC summary").isNotNull();
            });
        }
        assertSameFieldsPerCase(local.resolve("results.json"), out.resolve("results.json"));
    }

    /**
     * Every case of the run on hosts has the fields, with a value, that the same case run locally
     * has (the JIT's compile time of this JVM target included, and the connection set-up with
     * TLS's and QUIC's part on h3), and only {@code hosts} besides: one measurement, local or remote.
     */
    private static void assertSameFieldsPerCase(Path localResults, Path hostsResults) throws IOException {
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.JsonNode localCases = json.readTree(localResults.toFile()).get("cases");
        com.fasterxml.jackson.databind.JsonNode hostsCases = json.readTree(hostsResults.toFile()).get("cases");
        assertThat(hostsCases.size()).isEqualTo(localCases.size()).isPositive();
        for (int i = 0; i < localCases.size(); i++) {
            java.util.SortedSet<String> localFields = fieldsWithValues(localCases.get(i));
            java.util.SortedSet<String> hostsFields = fieldsWithValues(hostsCases.get(i));
            assertThat(hostsFields).as("a case on hosts has the hosts object").anyMatch(f -> f.startsWith("hosts."));
            hostsFields.removeIf(f -> f.equals("hosts") || f.startsWith("hosts."));
            // an interval is null when its window gave too few slices, which depends on how busy
            // the machine was, not on where the case ran: the object must be there, its intervals may not
            localFields.removeIf(f -> f.startsWith("uncertainty."));
            hostsFields.removeIf(f -> f.startsWith("uncertainty."));
            // TLS names its version, cipher and ALPN choice only when a handshake fell in the window
            // (a reconnect): when one did depends on the connections, not on where the case ran
            localFields.removeIf(RunOnHostsTest::namedOnlyByAHandshakeInTheWindow);
            hostsFields.removeIf(RunOnHostsTest::namedOnlyByAHandshakeInTheWindow);
            assertThat(localFields).as("a local case: what JIT").contains("server.compileSeconds");
            assertThat(hostsFields).as(localCases.get(i).get("request").asText()).isEqualTo(localFields);
        }
    }

    private static boolean namedOnlyByAHandshakeInTheWindow(String field) {
        return List.of("connectionSetup.tls.version", "connectionSetup.tls.cipher",
                "connectionSetup.tls.applicationProtocol").contains(field);
    }

    /** The paths of the fields that hold a value ({@code a.b}, {@code a[].b} for an array's elements), nulls left out. */
    private static java.util.SortedSet<String> fieldsWithValues(com.fasterxml.jackson.databind.JsonNode node) {
        java.util.SortedSet<String> paths = new java.util.TreeSet<>();
        collectFields(node, "", paths);
        return paths;
    }

    private static void collectFields(com.fasterxml.jackson.databind.JsonNode node, String prefix,
                                      java.util.SortedSet<String> paths) {
        if (node.isObject()) {
            node.properties().forEach(e -> {
                if (!e.getValue().isNull()) {
                    String path = prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey();
                    paths.add(path);
                    collectFields(e.getValue(), path, paths);
                }
            });
        } else if (node.isArray()) {
            node.forEach(element -> collectFields(element, prefix + "[]", paths));
        }
    }

    @Test
    void aLoadAgentLostMidCaseLeavesThatCaseIncompleteAndTheRunGoesOn() throws Exception {
        writeHome(home, marker, "3s"); // windows long enough to be killed in the middle of
        Agent server = agent(AgentRole.SERVER, List.of());
        Agent load1 = agent(AgentRole.LOAD, List.of("127.0.0.1"));
        Agent load2 = agent(AgentRole.LOAD, List.of("127.0.0.1"));
        RunCommand.listenerForTests = new RunListener() {
            private int seen;

            @Override
            public void caseRecorded(showdown.harness.plan.PlannedCase planned, CaseResult result) {
                if (++seen == 1) {
                    // the next case opens its connections (well under a second here), then measures 3 s
                    Thread.ofVirtual().start(() -> {
                        Clock.system().sleepUntil(Clock.system().epochNanos() + 2_000_000_000L);
                        load2.close();
                    });
                }
            }
        };
        Path out = home.resolve("results/lost");
        assertThat(Main.execute(args(out, inventory(server, load1, load2), "--no-verify", "--warmup", "0s"))).isZero();
        RunResults run = ResultsJson.read(out.resolve("results.json"));
        assertThat(run.cases()).hasSize(3);
        CaseResult first = run.cases().get(0);
        CaseResult second = run.cases().get(1);
        CaseResult third = run.cases().get(2);
        assertThat(first.hosts().complete()).isTrue();
        assertThat(second.hosts().missingShare()).isEqualTo(0.5);
        assertThat(second.hosts().agents().get(1).lost()).isTrue();
        assertThat(second.requests()).isEqualTo(second.hosts().agents().get(0).requests()).isPositive();
        assertThat(second.notes()).extracting(CaseNote::kind).contains(CaseNote.Kind.INCOMPLETE)
                // half the connections left with the lost agent: not the server's doing, so no rule of the whole plan
                .doesNotContain(CaseNote.Kind.LITTLES_LAW, CaseNote.Kind.CONNECTIONS);
        assertThat(third.hosts().agents()).extracting(CaseHosts.AgentShare::name).containsExactly("load-1");
        assertThat(third.hosts().complete()).isTrue();
    }

    @Test
    void anInterruptedMultiHostRunIsResumedOnTheSameAgents() throws Exception {
        Agent server = agent(AgentRole.SERVER, List.of());
        Agent load1 = agent(AgentRole.LOAD, List.of("127.0.0.1"));
        RunCommand.listenerForTests = new RunListener() {
            @Override
            public void caseRecorded(showdown.harness.plan.PlannedCase planned, CaseResult result) {
                throw new IllegalStateException("simulated crash after the first case");
            }
        };
        Path out = home.resolve("results/resumed");
        assertThat(Main.execute(args(out, inventory(server, load1), "--no-verify", "--warmup", "0s"))).isNotZero();
        assertThat(ResultsJson.read(out.resolve("results.json")).cases()).hasSize(1);
        assertThat(exits).allSatisfy(e -> assertThat(e).as("agents wait for a resume").isNotDone());

        RunCommand.listenerForTests = RunListener.NONE;
        assertThat(Main.execute("run", "--resume", out.toString())).isZero();
        RunResults done = ResultsJson.read(out.resolve("results.json"));
        assertThat(done.finishedAt()).isNotNull();
        assertThat(done.cases()).hasSize(3).allSatisfy(c -> assertThat(c.hosts()).isNotNull());
        assertThat(done.cases()).extracting(CaseResult::identity).doesNotHaveDuplicates();

        // the agents ended with the run; a resume of a finished run does not dial them
        CapturedCli.Outcome again = CapturedCli.run("run", "--resume", out.toString());
        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(again.err().strip()).isEqualTo("showdown run: --resume " + out.toAbsolutePath().normalize()
                + ": this run finished at " + done.finishedAt() + "; nothing is left to measure");
    }

    @Test
    void aKilledControllerLeavesNoTargetRunningAndTheAgentsEndThemselves() throws Exception {
        Agent server = agent(AgentRole.SERVER, List.of(), Duration.ofSeconds(3));
        Agent load1 = agent(AgentRole.LOAD, List.of("127.0.0.1"), Duration.ofSeconds(3));
        Path out = home.resolve("results/killed");
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), "-Dshowdown.home=" + home, "showdown.cli.Main"));
        command.addAll(List.of(args(out, inventory(server, load1), "--no-verify", "--warmup", "0s")));
        Process controller = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(home.resolve("controller.log").toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (recordedCases(out) < 1 && System.nanoTime() < deadline && controller.isAlive()) {
                Thread.sleep(100);
            }
            assertThat(recordedCases(out)).as(Files.readString(home.resolve("controller.log"))).isPositive();
            controller.destroyForcibly(); // SIGKILL: no shutdown hook, no "end" for the agents
            assertThat(controller.waitFor(10, TimeUnit.SECONDS)).isTrue();
        } finally {
            controller.destroyForcibly();
        }
        for (CompletableFuture<Agent.Exit> e : exits) {
            assertThat(e.get(30, TimeUnit.SECONDS)).isEqualTo(Agent.Exit.HEARTBEAT_TIMEOUT);
        }
        assertThat(serversAlive()).as("the server agent stopped its target").isEmpty();
    }

    private static int recordedCases(Path out) {
        try {
            return ResultsJson.read(out.resolve("results.json")).cases().size();
        } catch (RuntimeException e) {
            return 0; // not written yet
        }
    }

    @Test
    void kubeHostsSshServersWithoutHomeAndUnknownSshSettingsAreRefusedInOneLine() throws Exception {
        Agent server = agent(AgentRole.SERVER, List.of());
        String running = "server:\n  name: server\n  agent: agent://127.0.0.1:" + server.port() + "\n  address: 127.0.0.1\n";
        assertThat(refusal("kube.yaml", running + "load:\n  - name: load-1\n    agent: kube\n")).isEqualTo("showdown run:"
                + " host load-1: kube hosts are not placed through --hosts; 'showdown run --kubernetes --image IMAGE'"
                + " deploys every agent on Kubernetes");
        assertThat(refusal("ssh-home.yaml", "server:\n  name: server\n  agent: ssh://root@192.0.2.11\n"
                + "  address: 192.0.2.11\nload:\n  - name: load-1\n    agent: ssh://root@192.0.2.12\n"))
                .isEqualTo("showdown run: host server (ssh://root@192.0.2.11): a server agent over SSH needs 'home' in the"
                        + " inventory's ssh: block, the checkout of showdown on that host whose targets it starts");
        assertThat(refusal("ssh-key.yaml", running + "load:\n  - name: load-1\n    agent: ssh://root@192.0.2.12\n"
                + "ssh: { port: 22 }\n")).isEqualTo("showdown run: --hosts: the ssh: block has no setting 'port' (it takes"
                + " accept-new, home, identity, jar, java, known-hosts, remote-dir)");
        assertThat(refusal("ssh-accept.yaml", running + "load:\n  - name: load-1\n    agent: ssh://root@192.0.2.12\n"
                + "ssh: { accept-new: maybe }\n")).isEqualTo("showdown run: --hosts: the ssh: block's accept-new is true"
                + " or false, not 'maybe'");
    }

    /** What {@code run --hosts} with this inventory prints on stderr; it must exit 2. */
    private String refusal(String name, String inventory) throws IOException {
        Path file = home.resolve(name);
        Files.writeString(file, inventory);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream original = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            assertThat(Main.execute(args(home.resolve("results/" + name), file))).isEqualTo(Main.EXIT_USAGE);
        } finally {
            System.setErr(original);
        }
        return err.toString(StandardCharsets.UTF_8).strip();
    }

    private static List<String> headings(Path md) throws IOException {
        return Files.readAllLines(md).stream().filter(l -> l.startsWith("## ")).toList();
    }

    private List<ProcessHandle> serversAlive() {
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains(marker)).orElse(false))
                .filter(ProcessHandle::isAlive)
                .toList();
    }
}
