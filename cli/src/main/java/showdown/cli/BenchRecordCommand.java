package showdown.cli;

import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import showdown.harness.run.EnvironmentProbe;
import showdown.harness.run.MachineInfo;
import showdown.harness.targets.ShowdownHome;
import showdown.report.benchlog.BenchLog;
import showdown.report.benchlog.BenchLogException;
import showdown.report.benchlog.BenchRecord;
import showdown.report.benchlog.BenchRecords;

/**
 * {@code showdown bench-record} (hidden, for the bench scripts): writes one record of the measurement log
 * from a script's figures, stamped with the commit and the machine (the same {@link MachineInfo} as
 * results.json) and the versions of the tools the script names.
 */
final class BenchRecordCommand extends Command {

    private static final int SHORT_HASH = 7;

    private String script;
    private String commandLine;
    private Instant started;
    private final List<String> tools = new java.util.ArrayList<>();
    private final Map<String, Double> noise = new LinkedHashMap<>();
    private Path figures;
    private String reading;
    private Path out;

    BenchRecordCommand() {
        super("bench-record", "Writes one record of the bench scripts' measurement log (bench/README.md).");
    }

    @Override
    boolean hidden() {
        return true;
    }

    @Override
    void declare(Options o) {
        o.value("--script", "NAME", "The bench script that measured.", v -> script = v)
                .value("--command", "TEXT", "The exact command that ran.", v -> commandLine = v)
                .value("--started", "TIME", "When the run started, ISO-8601 UTC (default: now).", v -> started = instant(v))
                .value("--tool", "NAME[=VERSION]", "A tool the run used; its version is asked from it, or given after '=' "
                        + "for a tool that does not print one (repeatable).", tools::add)
                .value("--noise", "NAME=VALUE", "A host-noise indicator, e.g. wrkAloneReqPerSec=228000 (repeatable).",
                        this::noise)
                .value("--figures", "FILE", "The figures, one tab-separated line each (bench/lib.sh, bench_figure).",
                        v -> figures = Options.toPath("--figures", v))
                .value("--reading", "TEXT", "What the figures say, two or three sentences.", v -> reading = v)
                .value("--out", "DIR", "Where the record goes (default: bench/results/records).",
                        v -> out = Options.toPath("--out", v));
    }

    private static Instant instant(String v) {
        try {
            return Instant.parse(v);
        } catch (DateTimeParseException e) {
            throw new UsageException("--started: '" + v + "' is not an ISO-8601 UTC time (2026-12-04T10:15:00Z)");
        }
    }

    private void noise(String v) {
        int eq = v.indexOf('=');
        if (eq <= 0) {
            throw new UsageException("--noise: '" + v + "' is not NAME=VALUE");
        }
        String value = v.substring(eq + 1).strip();
        if (value.isEmpty()) {
            return; // not measured
        }
        try {
            noise.put(v.substring(0, eq), Double.parseDouble(value));
        } catch (NumberFormatException e) {
            throw new UsageException("--noise: '" + value + "' is not a number");
        }
    }

    @Override
    int call(List<String> args) {
        for (String[] required : new String[][] {{"--script", script}, {"--command", commandLine},
                {"--figures", figures == null ? null : figures.toString()}, {"--reading", reading}}) {
            if (required[1] == null || required[1].isBlank()) {
                throw new UsageException(required[0] + " is required");
            }
        }
        Path home = ShowdownHome.resolve();
        MachineInfo m = MachineInfo.ofThisMachine();
        Map<String, String> versions = new TreeMap<>();
        for (String tool : tools) {
            int eq = tool.indexOf('=');
            if (eq > 0) {
                versions.put(tool.substring(0, eq), tool.substring(eq + 1));
                continue;
            }
            String v = EnvironmentProbe.toolVersion(tool);
            versions.put(tool, v == null ? MachineInfo.UNKNOWN : v);
        }
        try {
            BenchRecord r = new BenchRecord(BenchRecord.SCHEMA, script, started == null ? Instant.now() : started,
                    shortCommit(EnvironmentProbe.gitCommit(home)), commandLine,
                    new BenchRecord.Machine(m.cpuModel(), m.cores(), m.cpuset(), m.kernel(), m.governor(),
                            EnvironmentProbe.jdk(), versions, noise.isEmpty() ? null : noise),
                    BenchRecords.parseFigures(figures), reading);
            Path dir = out != null ? out : BenchLog.resultsDir(home).resolve("records");
            System.out.println(BenchRecords.write(r, dir));
        } catch (BenchLogException e) {
            throw new UserException(e.getMessage());
        }
        return 0;
    }

    /** "2b5f095", "2b5f095-dirty" or "unknown" from git's full hash. */
    static String shortCommit(String full) {
        if (full == null) {
            return MachineInfo.UNKNOWN;
        }
        boolean dirty = full.endsWith("-dirty");
        String hash = dirty ? full.substring(0, full.length() - "-dirty".length()) : full;
        return hash.substring(0, Math.min(SHORT_HASH, hash.length())) + (dirty ? "-dirty" : "");
    }
}
