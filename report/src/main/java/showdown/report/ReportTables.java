package showdown.report;

import static showdown.report.Table.Cell;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.DoubleFunction;
import java.util.function.Function;
import showdown.harness.results.CaseNote;
import showdown.harness.results.Environment;
import showdown.harness.results.WarmupOutcome;
import showdown.harness.results.RunConfig;
import showdown.harness.results.RunResults;
import showdown.harness.results.TargetOutcome;

/**
 * Builds every table of the reports from a run: how each seed's published table compares with the
 * run (its reproduction), the seeds' own layouts (S1 framework × route, S2 framework × concurrency per
 * request, S3 Throughput | Latency | Consistency, TechEmpower framework × request), then what the
 * seeds lacked (latency at fractions of capacity when the run measured it, tails, CPU per request,
 * memory, errors).
 */
public final class ReportTables {

    private static final String FRAMEWORK = "Framework";

    private final Summaries summaries;
    private final RunResults run;
    private final List<Reproduction> reproductions;

    /** @param reproductions the run's seeds against their published tables, in report order (may be empty) */
    public ReportTables(Summaries summaries, List<Reproduction> reproductions) {
        this.summaries = summaries;
        this.run = summaries.run();
        this.reproductions = List.copyOf(reproductions);
    }

    /** All sections, in report order. */
    public List<Section> sections() {
        List<Section> sections = new ArrayList<>();
        sections.add(new Section("environment", "Environment", environmentIntro(), null, List.of(environment())));
        sections.add(new Section("targets", "Targets", "What happened to each target, measured or not.", null,
                List.of(targets())));
        sections.add(new Section("trust", "How far to trust these figures", trustIntro(), null,
                List.of(warmups(), caseNotes())));
        if (run.cases().stream().anyMatch(c -> c.hosts() != null)) {
            sections.add(new Section("hosts", "Where the cases ran", "A multi-host run (docs/hosts.md): the target ran on"
                    + " its own host and the load came from agents on others. Each case's figures merge the agents'"
                    + " (counts summed, latency histograms added, never percentiles averaged); the server's CPU and"
                    + " memory were measured on its host. A lost agent leaves its share of the load missing.", null,
                    List.of(hosts())));
        }
        SustainableTables.section(summaries).ifPresent(sections::add);
        for (Reproduction r : reproductions) {
            sections.add(ReproductionSections.section(r, run.environment()));
        }
        for (String scenario : summaries.scenarios()) {
            sections.add(scenarioSection(scenario));
        }
        new LatencyAtCapacity(summaries).section().ifPresent(sections::add);
        sections.add(new Section("details", "Beyond the seeds: tails, CPU, memory and errors",
                "Every case. p99 is the 99th percentile latency. CPU-µs/request is the server process tree's "
                        + "user + system CPU time divided by the requests it answered: steadier than req/s on a "
                        + "shared machine, and lower is better. RSS is the server's peak resident memory. "
                        + "Errors add up all repetitions.",
                null, List.of(details())));
        return sections;
    }

    private String environmentIntro() {
        int reps = summaries.maxRepetitions();
        String how = reps > 1
                ? "Each case ran " + reps + " times: a cell shows the median and, in brackets, the spread (min–max)."
                : "Each case ran once: a cell shows that single measurement.";
        how += reps > 1
                ? " ±x % is the half-width of the 95 % confidence interval over the rounds (Student's t, the spread"
                        + " between rounds pooled over each target's cases): it holds the differences between the"
                        + " target's starts and the machine's drift over the run, not a different machine or day."
                : " ±x % is the half-width of the 95 % bootstrap interval over the window's quarter-second slices:"
                        + " how steady that one window was. It does not hold how far the next start or the next"
                        + " minute moves a figure, often several times more on a shared machine, so one round"
                        + " cannot tell two close targets apart: run --repeat 3 for intervals over rounds.";
        return "The machine and the settings of run " + run.runId() + ". " + how;
    }

    public Table environment() {
        Table t = new Table("", List.of("Item", "Value"));
        Environment e = run.environment();
        RunConfig c = run.config();
        if (e != null) {
            t.row(texts("CPU", e.cpuModel() + " (" + e.cores() + " logical CPUs"
                    + (e.cpuset() == null ? "" : "; Showdown on CPUs " + e.cpuset())
                    + (e.governor() == null ? "" : "; governor " + e.governor()) + ")"));
            t.row(texts("CPU split", e.cpuSplit()));
            t.row(texts("Kernel", nullToDash(e.kernel())));
            t.row(texts("OS", nullToDash(e.os())));
            t.row(texts("JDK", nullToDash(e.jdk())));
            if (!e.toolVersions().isEmpty()) {
                List<String> tools = new ArrayList<>();
                // Some tools print their own name in their version line ("taskset from util-linux 2.38").
                e.toolVersions().forEach((k, v) -> tools.add(v != null && v.startsWith(k) ? v : k + " " + v));
                t.row(texts("Tools", String.join(", ", tools)));
            }
            t.row(texts("Showdown", (e.showdownVersion() == null ? "" : e.showdownVersion() + ", ")
                    + "commit " + (e.gitCommit() == null ? "unknown" : e.gitCommit())));
            t.row(texts("Command", e.commandLine().isEmpty() ? Format.MISSING : String.join(" ", e.commandLine())));
        }
        if (c != null) {
            t.row(texts("Profile", nullToDash(c.profile())));
            t.row(texts("Settings", settings(c)));
        }
        t.row(texts("Started", nullToDash(run.startedAt())));
        t.row(texts("Finished", run.finishedAt() == null ? "not finished (interrupted run)" : run.finishedAt()));
        return t;
    }

    private static String settings(RunConfig c) {
        List<String> parts = new ArrayList<>();
        parts.add(Format.seconds(c.durationSeconds()) + " per case");
        parts.add(c.warmupSeconds() > 0 ? Format.seconds(c.warmupSeconds()) + " JIT warm-up" : "no warm-up");
        parts.add(c.repeat() + (c.repeat() == 1 ? " repetition" : " repetitions")
                + (c.repeat() > 1 && c.interleaved() ? ", interleaved" : ""));
        if (!c.connections().isEmpty()) {
            parts.add("connections " + String.join(", ", c.connections().stream().map(String::valueOf).toList()));
        }
        if (c.threads() > 0) {
            parts.add(c.threads() + " load threads");
        }
        parts.add("timeout " + Format.seconds(c.timeoutSeconds()));
        c.extra().forEach((k, v) -> parts.add(k + " " + v));
        return String.join("; ", parts);
    }

    public Table targets() {
        Table t = new Table("", List.of(FRAMEWORK, "Language", "Framework version", "Category", "Status",
                "Ready after (ms)", "Idle RSS (MiB)", "Reason"));
        for (TargetOutcome o : run.targets()) {
            t.row(List.of(Cell.text(o.label()),
                    Cell.text(nullToDash(o.language())),
                    Cell.text(nullToDash(o.version())),
                    Cell.text(nullToDash(o.category())),
                    Cell.text(o.status() == null ? Format.MISSING : o.status().name().toLowerCase(Locale.ROOT)),
                    number(o.timeToFirstResponseMs(), Format::whole),
                    number(o.idleRssBytes(), Format::mib),
                    Cell.text(o.reason() == null ? o.unavailableProtocolsText() : o.reason())));
        }
        return t;
    }

    private Section scenarioSection(String scenario) {
        String id = "scenario-" + scenario.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
        return switch (scenario) {
            case Scenarios.SPOCK_SCOTTY -> new Section(id, Scenarios.heading(scenario),
                    "As the Spock vs scotty benchmark: framework × route, total requests in the measured window, "
                            + "then the same as requests per second. Higher is better.",
                    scenario, spockScotty());
            case Scenarios.MIST -> new Section(id, Scenarios.heading(scenario),
                    "As rawhat/http-benchmarks: one table per request, framework × concurrency (connections), "
                            + "requests per second. Higher is better.",
                    scenario, mist());
            case Scenarios.PHOENIX_SHOWDOWN -> new Section(id, Scenarios.heading(scenario),
                    "As phoenix-showdown: sorted by throughput. Latency is the mean, Consistency its standard "
                            + "deviation (wrk's Avg and Stdev).",
                    scenario, phoenixShowdown());
            case Scenarios.TECHEMPOWER -> new Section(id, Scenarios.heading(scenario),
                    "For comparison with TechEmpower's rounds: framework × request, requests per second. "
                            + "Higher is better.",
                    scenario, byRequest(scenario));
            default -> new Section(id, Scenarios.heading(scenario),
                    "Framework × request, requests per second. Higher is better.", scenario, byRequest(scenario));
        };
    }

    /** S1: for each connection level, total requests, then req/s, framework × route. */
    public List<Table> spockScotty() {
        String scenario = Scenarios.SPOCK_SCOTTY;
        List<Table> tables = new ArrayList<>();
        for (int c : summaries.connections(scenario)) {
            String window = window(scenario, c);
            tables.add(frameworkByRequest(scenario, c,
                    "Total requests in " + window + ", " + Format.connections(c),
                    Summary::requests, Format::whole));
            tables.add(frameworkByRequest(scenario, c,
                    "Requests per second, " + Format.connections(c),
                    Summary::requestsPerSecond, Format::whole));
        }
        return tables;
    }

    /** S2: one table per request, framework × concurrency, req/s. */
    public List<Table> mist() {
        String scenario = Scenarios.MIST;
        List<Table> tables = new ArrayList<>();
        for (String request : summaries.requests(scenario)) {
            List<Integer> levels = summaries.connections(scenario, request);
            List<String> headers = new ArrayList<>();
            headers.add(FRAMEWORK);
            for (int i = 0; i < levels.size(); i++) {
                // The seed's header row reads "Framework | Concurrency 1 | 2 | 4 | ...".
                headers.add(i == 0 ? "Concurrency " + levels.get(i) : String.valueOf(levels.get(i)));
            }
            Table t = new Table(request, headers);
            for (String target : summaries.targets(scenario)) {
                List<Cell> row = new ArrayList<>();
                row.add(Cell.text(summaries.label(target)));
                for (int c : levels) {
                    row.add(summaries.get(target, scenario, request, c)
                            .map(x -> Table.spread(x.requestsPerSecond(), Format::whole, Format.REQ_PER_SEC))
                            .orElse(Cell.text(summaries.missing(target, scenario, request, c))));
                }
                t.row(row);
            }
            tables.add(t);
        }
        return tables;
    }

    /** S3: Framework | Throughput (req/s) | Latency (ms) | Consistency (σ ms), by throughput, per level. */
    public List<Table> phoenixShowdown() {
        String scenario = Scenarios.PHOENIX_SHOWDOWN;
        List<Table> tables = new ArrayList<>();
        for (String request : summaries.requests(scenario)) {
            for (int c : summaries.connections(scenario, request)) {
                String caption = request + ", " + Format.connections(c);
                Table t = new Table(caption, List.of(FRAMEWORK, "Throughput (req/s)", "Latency (ms)", "Consistency (σ ms)"));
                List<Summary> rows = new ArrayList<>();
                List<String> notOffered = new ArrayList<>();
                for (String target : summaries.targets(scenario)) {
                    Optional<Summary> s = summaries.get(target, scenario, request, c);
                    s.ifPresent(rows::add);
                    if (s.isEmpty() && summaries.notOffered(new CaseKey(target, scenario, request, c))) {
                        notOffered.add(target);
                    }
                }
                rows.sort(Comparator.comparingDouble((Summary s) -> s.requestsPerSecond().median()).reversed());
                for (Summary s : rows) {
                    t.row(List.of(Cell.text(summaries.label(s.key().target())),
                            Table.spread(s.requestsPerSecond(), Format::twoDecimals),
                            Table.spread(s.latencyAvgMillis(), Format::twoDecimals, Format.MS),
                            Table.spread(s.latencyStdevMillis(), Format::twoDecimals, Format.MS)));
                }
                for (String target : notOffered) {
                    Cell no = Cell.text(Summaries.NOT_OFFERED);
                    t.row(List.of(Cell.text(summaries.label(target)), no, no, no));
                }
                tables.add(t);
            }
        }
        return tables;
    }

    /** TechEmpower and unknown scenarios: framework × request, req/s, one table per connection level. */
    public List<Table> byRequest(String scenario) {
        List<Table> tables = new ArrayList<>();
        for (int c : summaries.connections(scenario)) {
            tables.add(frameworkByRequest(scenario, c, "Requests per second, " + Format.connections(c)
                    + pipelineNote(scenario, c), Summary::requestsPerSecond, Format::whole));
        }
        return tables;
    }

    private String trustIntro() {
        long disturbed = summaries.all().stream().filter(Summary::disturbed).count();
        long noted = summaries.all().stream().filter(x -> !x.notes().isEmpty()).count();
        long unsteady = run.warmups().stream().filter(w -> !w.steady()).count();
        return String.format(java.util.Locale.ROOT, "Each target start was warmed until it was steady: a JVM until its"
                        + " JIT compilers stayed idle under the load, anything else until its throughput settled"
                        + " (%d of %d starts got there; the rest ran out of warm-up time). %d of %d cases carry a note"
                        + " below; %d were disturbed by other processes on the measured CPUs.", run.warmups().size() - unsteady,
                run.warmups().size(), noted, summaries.all().size(), disturbed);
    }

    /** Per target start: how long the warm-up took, by which rule, and whether it got there. */
    public Table warmups() {
        Table t = new Table("Warm-up to steady state", List.of(FRAMEWORK, "Round", "Warm-up (s)", "Steady", "Rule",
                "JIT CPU (s)", "Paused for JIT (s)", "Last req/s per request"));
        for (WarmupOutcome w : run.warmups()) {
            java.util.Map<String, Double> last = new java.util.LinkedHashMap<>();
            w.slices().forEach(sl -> last.put(sl.request(), sl.requestsPerSecond()));
            List<String> parts = new ArrayList<>();
            last.forEach((r, v) -> parts.add(r + " " + Format.whole(v)));
            t.row(List.of(Cell.text(summaries.label(w.target())), Cell.number(String.valueOf(w.repetition() + 1),
                            w.repetition() + 1), Cell.number(Format.oneDecimal(w.seconds()), w.seconds()),
                    Cell.text(w.steady() ? "yes" : "NO (time limit)"),
                    Cell.text(w.rule() == WarmupOutcome.Rule.JIT ? "JIT idle" : "throughput"),
                    w.compileSeconds() == null ? Cell.text("") : Cell.number(Format.oneDecimal(w.compileSeconds()), w.compileSeconds()),
                    w.compileSeconds() == null ? Cell.text("") : Cell.number(Format.oneDecimal(w.catchUpSeconds()), w.catchUpSeconds()),
                    Cell.text(String.join(", ", parts))));
        }
        return t;
    }

    /** Per multi-host case and load agent: its part of the load, its CPU and its clock's offset. */
    public Table hosts() {
        Table t = new Table("Load agents per case", List.of(FRAMEWORK, "Scenario", "Request", "Connections", "Round",
                "Server host", "Agent", "Planned share", "Requests", "Share of requests", "Agent CPU (s)",
                "Clock offset (ms)", "Started after T0 (ms)", "Note"));
        for (var c : run.cases()) {
            if (c.hosts() == null) {
                continue;
            }
            for (var a : c.hosts().agents()) {
                List<String> notes = new ArrayList<>();
                if (a.lost()) {
                    notes.add("lost mid-case");
                }
                if (a.saturated()) {
                    notes.add("saturated");
                }
                if (a.disturbed()) {
                    notes.add(String.format(Locale.ROOT, "host disturbed (others used %.0f %%)",
                            a.otherCpuShare() == null ? 0 : a.otherCpuShare() * 100));
                }
                String note = String.join("; ", notes);
                t.row(List.of(Cell.text(summaries.label(c.target())), Cell.text(c.scenario()), Cell.text(c.request()),
                        Cell.number(String.valueOf(c.connections()), c.connections()),
                        Cell.number(String.valueOf(c.repetition() + 1), c.repetition() + 1), Cell.text(c.hosts().server()),
                        Cell.text(a.name() + " (" + a.address() + ")"),
                        Cell.number(Format.whole(a.plannedShare() * 100) + " %", a.plannedShare()),
                        Cell.number(String.valueOf(a.requests()), a.requests()),
                        Cell.number(Format.whole(a.requestShare() * 100) + " %", a.requestShare()),
                        Cell.number(Format.twoDecimals(a.cpuSeconds()), a.cpuSeconds()),
                        Cell.number(String.format(Locale.ROOT, "%.3f", a.clockOffsetMillis()), a.clockOffsetMillis()),
                        Cell.number(String.format(Locale.ROOT, "%.3f", a.startedLateMillis()), a.startedLateMillis()),
                        Cell.text(note)));
            }
        }
        return t;
    }

    /** Every note of every case: what a reader must know before trusting its figures. */
    public Table caseNotes() {
        Table t = new Table("Notes on cases", List.of(FRAMEWORK, "Scenario", "Request", "Connections", "Note"));
        for (Summary s : summaries.all()) {
            for (CaseNote n : s.notes()) {
                t.row(List.of(Cell.text(summaries.label(s.key().target())), Cell.text(s.key().scenario()),
                        Cell.text(s.key().request()), Cell.number(String.valueOf(s.key().connections()),
                                s.key().connections()), Cell.text(n.message())));
            }
        }
        return t;
    }

    /** Everything per case, including what the seeds lacked. */
    public Table details() {
        Table t = new Table("", List.of(FRAMEWORK, "Scenario", "Request", "Connections", "req/s", "p99 (ms)",
                "Server CPU-µs/request", "Generator CPU-µs/request", "Peak RSS (MiB)", "Errors", "Note"));
        for (String scenario : summaries.scenarios()) {
            for (String request : summaries.requests(scenario)) {
                for (int c : summaries.connections(scenario, request)) {
                    for (String target : summaries.targets(scenario)) {
                        Optional<Summary> found = summaries.get(target, scenario, request, c);
                        if (found.isEmpty()) {
                            if (summaries.notOffered(new CaseKey(target, scenario, request, c))) {
                                Cell no = Cell.text(Summaries.NOT_OFFERED);
                                t.row(List.of(Cell.text(summaries.label(target)), Cell.text(scenario), Cell.text(request),
                                        Cell.number(String.valueOf(c), c), no, no, no, no, no, no, Cell.text("")));
                            }
                            continue;
                        }
                        Summary s = found.get();
                        t.row(List.of(Cell.text(summaries.label(target)),
                                Cell.text(scenario),
                                Cell.text(request),
                                Cell.number(String.valueOf(c), c),
                                Table.spread(s.requestsPerSecond(), Format::whole),
                                Table.spread(s.latencyP99Millis(), Format::twoDecimals),
                                Table.spread(s.serverCpuMicrosPerRequest(), Format::oneDecimal),
                                Table.spread(s.generatorCpuMicrosPerRequest(), Format::oneDecimal),
                                Table.spread(s.serverPeakRssBytes().scaled(1 / Format.BYTES_PER_MIB), Format::oneDecimal),
                                Cell.number(Format.errors(s.errors()), s.errors().total()),
                                Cell.text(note(s))));
                    }
                }
            }
        }
        return t;
    }

    private static String note(Summary s) {
        List<String> notes = new ArrayList<>();
        if (s.pipeline() > 1) {
            notes.add("pipelined ×" + s.pipeline());
        }
        if (s.generatorSaturated()) {
            notes.add("load generator saturated: the rate is its limit, not the server's");
        }
        s.notes().stream().filter(n -> n.kind() != CaseNote.Kind.GENERATOR_SATURATED)
                .forEach(n -> notes.add(n.kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-')));
        return String.join("; ", notes);
    }

    private Table frameworkByRequest(String scenario, int connections, String caption,
                                     Function<Summary, Spread> figure, DoubleFunction<String> format) {
        List<String> requests = summaries.requests(scenario);
        List<String> headers = new ArrayList<>();
        headers.add(FRAMEWORK);
        headers.addAll(requests);
        Table t = new Table(caption, headers);
        for (String target : summaries.targets(scenario)) {
            List<Cell> row = new ArrayList<>();
            row.add(Cell.text(summaries.label(target)));
            for (String request : requests) {
                row.add(cell(summaries.get(target, scenario, request, connections), figure, format,
                        summaries.missing(target, scenario, request, connections)));
            }
            t.row(row);
        }
        return t;
    }

    private String window(String scenario, int connections) {
        Spread d = Spread.of(summaries.all().stream()
                .filter(s -> s.key().scenario().equals(scenario) && s.key().connections() == connections)
                .map(s -> s.durationSeconds().median()).toList());
        return d.measured() ? Format.seconds(Math.round(d.median() * 10) / 10.0) : "the run";
    }

    private String pipelineNote(String scenario, int connections) {
        Map<String, Integer> depths = new java.util.LinkedHashMap<>();
        for (Summary s : summaries.all()) {
            if (s.key().scenario().equals(scenario) && s.key().connections() == connections && s.pipeline() > 1) {
                depths.merge(s.key().request(), s.pipeline(), Math::max);
            }
        }
        if (depths.isEmpty()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        depths.forEach((r, d) -> parts.add(r + " pipelined ×" + d));
        return " (" + String.join(", ", parts) + ")";
    }

    private static Cell cell(Optional<Summary> s, Function<Summary, Spread> figure, DoubleFunction<String> format,
                             String missing) {
        return s.map(x -> Table.spread(figure.apply(x), format)).orElse(Cell.text(missing));
    }

    private static Cell number(Number n, DoubleFunction<String> format) {
        return n == null ? Cell.text(Format.MISSING) : Cell.number(format.apply(n.doubleValue()), n.doubleValue());
    }

    private static List<Cell> texts(String a, String b) {
        return List.of(Cell.text(a), Cell.text(b));
    }

    private static String nullToDash(String s) {
        return s == null || s.isBlank() ? Format.MISSING : s;
    }
}
