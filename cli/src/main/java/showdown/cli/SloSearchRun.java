package showdown.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import showdown.harness.measure.CpuTimes;
import showdown.harness.measure.StepInterference;
import showdown.harness.run.CpuAffinity;
import showdown.harness.run.CpuList;
import showdown.load.LoadSpec;
import showdown.load.WarmupSummary;
import showdown.load.Units;
import showdown.load.capacity.CapacityJson;
import showdown.load.capacity.CapacityReport;
import showdown.load.capacity.CapacityResult;
import showdown.load.capacity.CapacitySearch;
import showdown.load.capacity.EngineStepRunner;
import showdown.load.capacity.InterferenceCheck;
import showdown.load.capacity.Limit;
import showdown.load.capacity.SearchListener;
import showdown.load.capacity.SearchSettings;
import showdown.load.capacity.Step;
import showdown.load.output.WrkReport;
import showdown.load.warmup.CompilerQuiet;

/**
 * {@code showdown load --slo}: runs the search for sustainable throughput against the load the
 * user described, prints each step as it is measured and the answer, writes the JSON, and stops
 * cleanly on Ctrl-C (the step under way ends, what the search had is printed, exit 130).
 */
final class SloSearchRun {

    /** The exit code of a search stopped by Ctrl-C, as a shell reports a process ended by SIGINT. */
    static final int EXIT_STOPPED = 130;

    private final LoadSpec base;
    private final SearchSettings settings;
    private final Duration warmup;
    private final Duration window;

    /**
     * @param base   the load as given: URLs, protocol, headers, threads and the first -c
     * @param warmup the closed-model load before the probe
     * @param window each step's measured window
     */
    SloSearchRun(LoadSpec base, SearchSettings settings, Duration warmup, Duration window) {
        // a step is an open-model run of this load: refuse now what the open model refuses, not after the probe
        base.toBuilder().rate(1).build();
        this.base = base;
        this.settings = settings;
        this.warmup = warmup;
        this.window = window;
    }

    /** Runs the search; {@code json} is a file, "-" for stdout (the text then goes to stderr), or null. */
    int run(String json) throws IOException {
        boolean jsonToStdout = JsonDestination.isStdout(json);
        PrintStream text = jsonToStdout ? System.err : System.out;
        printHeader(text);
        Duration probe = window.compareTo(SloOptions.PROBE) < 0 ? window : SloOptions.PROBE;
        List<Integer> loadCpus = CpuAffinity.allowed();
        CpuTimes host = CpuTimes.read();
        boolean checked = host != null && !loadCpus.containsAll(host.cpus());
        printInterference(text, checked, loadCpus);
        EngineStepRunner runner = new EngineStepRunner(base, settings.target(), warmup, probe, window,
                checked ? StepInterference.ofLoad(loadCpus) : InterferenceCheck.NONE)
                .warmGeneratorFirst(CompilerQuiet.Rule.DEFAULT);
        CapacityReport report = new CapacityReport(text, settings.target());
        CapacitySearch search = new CapacitySearch(settings, runner, new SearchListener() {
            private boolean warmupSaid;

            @Override
            public void onProbe(double rate, int connections) {
                report.onProbe(rate, connections);
            }

            @Override
            public void onStep(Step step) {
                WarmupSummary w = runner.generatorWarmup();
                if (!warmupSaid && w != null && WrkReport.warmupLine(w) != null) {
                    warmupSaid = true;
                    text.println("  " + WrkReport.warmupLine(w) + " (before the first step)");
                }
                report.onStep(step);
            }
        }, base.connections());
        CountDownLatch reported = new CountDownLatch(1);
        Thread onCtrlC = new Thread(() -> {
            search.stop();
            LoadCommand.awaitQuietly(reported);
        }, "showdown-slo-interrupt");
        Runtime.getRuntime().addShutdownHook(onCtrlC);
        try {
            CapacityResult result = search.run();
            report.printAnswer(result);
            JsonDestination.write(json, out -> CapacityJson.write(result, out));
            if (result.stopped()) {
                return EXIT_STOPPED;
            }
            return result.limit() == Limit.NO_ANSWER ? LoadCommand.EXIT_NO_VALID_ANSWER : 0;
        } finally {
            reported.countDown();
            LoadCommand.removeHook(onCtrlC);
        }
    }

    /**
     * Whether steps are watched for other processes: only on CPUs this process is pinned to, since
     * on every CPU a server on the same host could not be told from an intruder.
     */
    private static void printInterference(PrintStream text, boolean checked, List<Integer> loadCpus) {
        text.println(checked ? "  a step during which other processes took the load's CPUs (" + CpuList.format(loadCpus)
                + ") is measured again"
                : "  interference not checked: the load may run on every CPU (pin it, e.g. taskset -c 1, to check)");
        text.flush();
    }

    private void printHeader(PrintStream text) {
        text.printf(Locale.ROOT, "Searching for sustainable throughput at %s @ %s%n", settings.target().describe(),
                base.urls().get(0));
        text.printf(Locale.ROOT, "  %d threads, -c %d (up to %d); each step settles %s (the first until the generator's compiler is"
                        + " quiet, at most %s), then measures %s; resolution"
                        + " %.0f%%%s%n", base.threads(), base.connections(), settings.maxConnections(),
                Units.timeSeconds(EngineStepRunner.SETTLE.toSeconds()),
                Units.timeSeconds(CompilerQuiet.Rule.DEFAULT.most().toSeconds()), Units.timeSeconds(window.toNanos() / 1e9),
                settings.resolution() * 100, settings.capped() ? String.format(Locale.ROOT, "; at most %,d req/s",
                        Math.round(settings.maxRate())) : "");
        text.flush();
    }
}
