package showdown.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import showdown.load.SpinLead;
import showdown.load.Arrival;
import showdown.load.Header;
import showdown.load.LoadEngine;
import showdown.load.LoadException;
import showdown.load.LoadResult;
import showdown.load.output.LoadResultJson;
import showdown.load.LoadSpec;
import showdown.load.PacingSummary;
import showdown.load.TlsEngine;
import showdown.load.TlsOptions;
import showdown.load.Transport;
import showdown.load.Units;
import showdown.load.output.WrkReport;
import showdown.load.warmup.CompileTime;
import showdown.load.warmup.CompilerQuiet;

/**
 * {@code showdown load}: wrk's flags and output, plus pipelining, an open model, JSON and HdrHistogram logs;
 * with {@code --slo}, the search for sustainable throughput ({@link SloSearchRun}).
 */
final class LoadCommand extends Command {

    /** Exit code of a run in which not one request got a 2xx or 3xx answer. */
    static final int EXIT_NO_VALID_ANSWER = 1;

    private final List<String> urls = new ArrayList<>();
    private String connections = "10";
    private String threads = "2";
    private String duration;
    private final List<String> headers = new ArrayList<>();
    private String timeout = "2s";
    private boolean latency;
    private String requests;
    private String method = "GET";
    private Path body;
    private String pipelineDepth = "1";
    private String rate;
    private String arrival = "uniform";
    private String seed;
    private String warmup;
    private String json;
    private Path hlog;
    private boolean progress;
    private String transport = "auto";
    private String busyPollMicros = "0";
    private String spinLead = SpinLead.AUTO.id();
    private boolean http2;
    private boolean http3;
    private boolean tlsVerify;
    private Path caCert;
    private String tlsEngine = "auto";
    private final List<String> tlsVersions = new ArrayList<>();
    private String ciphers;
    private boolean noTlsResume;
    private boolean earlyData;
    private boolean noKeepAlive;
    private String script;
    private final SloOptions slo = new SloOptions();

    LoadCommand() {
        super("load", "Generates HTTP/1.1, HTTP/2 or HTTP/3 load, wrk style, and prints wrk's layout.",
                "Numbers may have a unit (1k, 1M); times too, and a fraction (500ms, 2.5s, 2m, 1h;",
                "no unit means seconds).");
    }

    @Override
    List<String> exitCodes() {
        return List.of("0:at least one request got a valid (2xx or 3xx) answer; with --slo: the search finished",
                "1:not one request got a valid answer (none came, or only errors and non-2xx/3xx)",
                "2:bad input: a bad flag, URL or body file, or nothing listening at the URL",
                SloSearchRun.EXIT_STOPPED + ":--slo: the search was stopped (Ctrl-C); what it had is printed");
    }

    @Override
    void declare(Options o) {
        o.parameters("URL", "http or https URLs; several are spread round-robin over the connections", urls::add)
                .value("-c, --connections", "N", "connections to keep open (default: " + connections + ")", v -> connections = v)
                .value("-t, --threads", "N", "threads, one event loop each (default: " + threads + ")", v -> threads = v)
                .value("-d, --duration", "T", "duration of the measured load (default: 10s, or unbounded with -n)", v -> duration = v)
                .value("-H, --header", "H", "add a header, 'Name: value' (repeatable)", headers::add)
                .value("-T, --timeout", "T", "request timeout (default: " + timeout + ")", v -> timeout = v)
                .flag("-L, --latency", "print the latency percentile table", () -> latency = true)
                .value("-n, --requests", "N", "stop after N requests (with -d: whichever comes first)", v -> requests = v)
                .value("-m, --method", "M", "request method (default: " + method + ")", v -> method = v)
                .value("--body", "FILE", "send this file as the request body", v -> body = Options.toPath("--body", v))
                .value("--pipeline", "N", "HTTP/1.1 pipelining depth, or with --h2/--h3 the streams in flight per connection;"
                        + " latency is still per request (default: " + pipelineDepth + ")", v -> pipelineDepth = v)
                .flag("--h2", "HTTP/2, as h2load speaks it: h2c (prior knowledge) to http:// URLs, ALPN h2 over TLS to"
                        + " https:// URLs", () -> http2 = true)
                .flag("--h3", "HTTP/3 over QUIC (UDP, ALPN h3) to https:// URLs; QPACK static table only",
                        () -> http3 = true)
                .flag("--no-keepalive", "one request per connection (connect, TLS or QUIC handshake, request, close):"
                        + " measures connection and handshake cost", () -> noKeepAlive = true)
                .flag("--tls-verify", "https: verify the server's certificate and name against the system's trust store"
                        + " (default: not verified, as wrk and h2load)", () -> tlsVerify = true)
                .value("--cacert", "FILE", "https: verify against the PEM certificates in FILE (implies --tls-verify)",
                        v -> caCert = Options.toPath("--cacert", v))
                .value("--tls-engine", "E", "https: openssl (BoringSSL), jdk, or auto = openssl when it loads here"
                        + " (default: " + tlsEngine + ")", v -> tlsEngine = v)
                .value("--tls-version", "V", "https: offer only this TLS version, 1.2 or 1.3 (repeatable; default: both)",
                        tlsVersions::add)
                .value("--ciphers", "LIST", "https: the cipher suites to offer, comma-separated, in the engine's names"
                        + " (default: the engine's)", v -> ciphers = v)
                .flag("--no-tls-resume", "https: never resume a TLS session (default: resume on reconnects)",
                        () -> noTlsResume = true)
                .flag("--early-data", "--h3: a connection that resumes a session sends its first request as 0-RTT early data;"
                        + " counts what the server accepted and rejected", () -> earlyData = true)
                .value("-R, --rate", "N", "open model (wrk2): total requests/sec on a schedule; latency is timed from each"
                        + " request's due time (corrected for coordinated omission)", v -> rate = v)
                .value("--arrival", "P", "with -R: uniform (evenly spaced, as wrk2) or poisson (exponential gaps, as"
                        + " independent users arrive) (default: " + arrival + ")", v -> arrival = v)
                .value("--spin-lead", "US", "with -R: sleep until US microseconds before each due time, then poll for"
                        + " answers until it (Thread.onSpinWait); auto = min(20, 2 % of the loop's gap between due times),"
                        + " 0 = no spin (default: " + spinLead + ")", v -> spinLead = v)
                .value("--seed", "N", "with --arrival poisson: the generator's seed, to repeat a schedule (default: random,"
                        + " printed)", v -> seed = v)
                .value("--warmup", "T", "load that runs first and is not recorded; 0 for none (default: with -R, until"
                        + " the generator's JIT compiler is quiet, " + seconds(CompilerQuiet.Rule.DEFAULT.least()) + " to "
                        + seconds(CompilerQuiet.Rule.DEFAULT.most()) + "; else none)", v -> warmup = v)
                .value("--json", "FILE|-", "write the result as JSON (schema showdown.load/1); '-' = stdout, and the text"
                        + " goes to stderr", v -> json = v)
                .value("--hlog", "FILE", "write an HdrHistogram interval log of the measured window (one histogram a second,"
                        + " values in ns)",
                        v -> hlog = Options.toPath("--hlog", v))
                .flag("--progress", "print progress once a second even when stderr is not a terminal", () -> progress = true)
                .value("--transport", "T", "auto, epoll, io_uring or nio (default: " + transport + ")", v -> transport = v)
                .value("--busy-poll", "US", "poll up to US microseconds for answers before each sleep, so the server never"
                        + " pays to wake the generator; costs the generator's CPU: only on CPUs of its own (default: 0)",
                        v -> busyPollMicros = v)
                .hiddenValue("-s, --script", "S", v -> script = v);
        slo.declare(o);
    }

    @Override
    int call(List<String> args) throws IOException {
        if (script != null) {
            throw new LoadException("Lua scripts (-s) are not supported; use -m, -H, --body and --pipeline instead");
        }
        slo.refuseConflicts(rate != null, requests != null, hlog != null);
        LoadSpec spec = spec();
        if (slo.given()) {
            return new SloSearchRun(spec, slo.settings(spec.connections()),
                    warmup == null ? SloOptions.DEFAULT_WARMUP : duration("--warmup", warmup),
                    duration == null ? SloOptions.DEFAULT_WINDOW : duration("--duration", duration)).run(json);
        }
        boolean jsonToStdout = JsonDestination.isStdout(json);
        PrintStream text = jsonToStdout ? System.err : System.out;
        WrkReport.printHeader(spec, text);
        text.flush();

        try (IntervalLog log = hlog == null ? null : IntervalLog.open(hlog)) {
            ProgressLine progressLine = new ProgressLine(System.err, spec, progress || ProgressLine.stderrIsTerminal(),
                    warmsUntilQuiet());
            LoadEngine engine = new LoadEngine(spec, progressLine, log == null ? null : log::write);
            if (warmsUntilQuiet()) {
                engine.warmUntilQuiet(CompilerQuiet.Rule.DEFAULT, CompileTime.thisJvm());
            }
            CountDownLatch reported = new CountDownLatch(1);
            Thread onCtrlC = new Thread(() -> {
                engine.requestStop();
                awaitQuietly(reported);
            }, "showdown-load-interrupt");
            Runtime.getRuntime().addShutdownHook(onCtrlC);
            try {
                LoadResult result = engine.run();
                if (log != null) {
                    log.finish(result.durationNanos());
                }
                progressLine.finish();
                String warmed = WrkReport.warmupLine(result.warmup());
                if (warmed != null) {
                    text.println(warmed + " (--warmup sets it)");
                }
                WrkReport.printResult(result, latency, text);
                text.flush();
                String warning = saturationWarning(result);
                if (warning != null) {
                    System.err.println(warning); // stderr: stdout keeps wrk's layout line for line
                }
                String blocked = connectionWarning(result);
                if (blocked != null) {
                    System.err.println(blocked);
                }
                String stalled = stallWarning(result);
                if (stalled != null) {
                    System.err.println(stalled);
                }
                JsonDestination.write(json, out -> LoadResultJson.write(result, out));
                if (result.validAnswers() == 0) {
                    System.err.println("showdown load: not one request got a valid (2xx or 3xx) answer");
                    return EXIT_NO_VALID_ANSWER;
                }
                return 0;
            } finally {
                reported.countDown();
                removeHook(onCtrlC);
            }
        }
    }

    /**
     * Whether the run warms up until the generator's own compilers are quiet: the open model's
     * default, since its pacing error is the generator's timing and a compiling JVM is late; the
     * closed model has no schedule to be late for and keeps no warm-up unless asked.
     */
    boolean warmsUntilQuiet() {
        return warmup == null && rate != null;
    }

    private static String seconds(Duration d) {
        return Units.timeSeconds(d.toSeconds());
    }

    private LoadSpec spec() throws IOException {
        LoadSpec.Builder b = LoadSpec.builder()
                .connections(intOption("connections", connections))
                .threads(intOption("threads", threads))
                .timeout(duration("--timeout", timeout))
                .pipelineDepth(intOption("pipeline", pipelineDepth))
                .method(method)
                .transport(parseTransport(transport))
                .busyPollMicros(intOption("busy-poll", busyPollMicros))
                .spinLead(SpinLead.parse(spinLead))
                .http2(http2)
                .http3(http3)
                .earlyData(earlyData)
                .keepAlive(!noKeepAlive)
                .tls(new TlsOptions(parseTlsEngine(tlsEngine), tlsVersions, ciphers == null ? List.of()
                        : List.of(ciphers.split(",")).stream().map(String::trim).filter(c -> !c.isEmpty()).toList(),
                        tlsVerify, caCert, !noTlsResume));
        for (String url : urls) {
            b.url(url);
        }
        for (String h : headers) {
            b.header(Header.parse(h));
        }
        if (duration != null) {
            b.duration(duration("--duration", duration));
        }
        if (requests != null) {
            long n = Units.parseMetric(requests);
            if (n <= 0) {
                throw new LoadException("request count must be positive, not " + requests);
            }
            b.requests(n);
        }
        if (warmup != null) {
            b.warmup(duration("--warmup", warmup));
        }
        if (rate != null) {
            long r = Units.parseMetric(rate);
            if (r <= 0) {
                throw new LoadException("rate must be positive, not " + rate);
            }
            b.rate(r);
        }
        if (seed != null && !"poisson".equalsIgnoreCase(arrival)) {
            throw new LoadException("--seed is for --arrival poisson");
        }
        b.arrival(Arrival.parse(arrival, seed == null ? ThreadLocalRandom.current().nextLong() : seed(seed)));
        if (body != null) {
            try {
                b.body(Files.readAllBytes(body));
            } catch (NoSuchFileException e) {
                throw new LoadException("body file not found: " + body);
            } catch (IOException e) {
                throw new LoadException("cannot read body file " + body + ": " + e.getMessage());
            }
        }
        LoadSpec spec = b.build();
        if (!spec.secure() && tlsFlagsGiven()) {
            throw new LoadException("the TLS flags (--tls-verify, --cacert, --tls-engine, --tls-version, --ciphers,"
                    + " --no-tls-resume) are for https URLs");
        }
        return spec;
    }

    /** One line when a run bounded only by a request count stopped before all of them ended, or null. */
    static String stallWarning(LoadResult result) {
        LoadSpec spec = result.spec();
        long ended = result.requests() + result.errors().lostRequests();
        if (spec.duration() != null || !spec.countBounded() || ended >= spec.requests()) {
            return null;
        }
        return String.format(Locale.ROOT, "showdown load: stopped after %d of %d requests: none was answered or lost"
                + " for %.1f s (the server stopped answering, or nothing could connect)", ended, spec.requests(),
                LoadEngine.stallNanos(spec) / 1e9);
    }

    /**
     * One line when open-model requests waited for a connection (every one had a request in
     * flight when they fell due), or null: the connections, not the server, then held them back.
     */
    static String connectionWarning(LoadResult result) {
        PacingSummary p = result.pacing();
        if (p == null || !p.connectionBound()) {
            return null;
        }
        return String.format(Locale.ROOT, "showdown load: %d requests waited for a free connection (p99 %s)%s; their"
                + " latency includes the wait: raise -c (now %d) so that the rate, not the connections, sets the pace",
                p.blocked(), Units.timeMicros(p.waited().getValueAtPercentile(99) / 1e3),
                p.unsent() > 0 ? ", " + p.unsent() + " never got one before the end" : "", result.spec().connections());
    }

    /** One line when an event loop was saturated, or null. */
    static String saturationWarning(LoadResult result) {
        if (!result.generatorSaturated()) {
            return null;
        }
        return String.format(Locale.ROOT, "showdown load: the generator was busy (its busiest event loop on a CPU"
                + " %.0f%% of the time, the process using %.2f of %d %s), so it may have set the pace, not the"
                + " server; give it more threads (-t) or CPUs",
                Math.max(0, Math.min(100, result.busiestLoopCpuShare() * 100)), result.generatorCpusUsed(),
                result.generatorCpus(), result.generatorCpus() == 1 ? "CPU" : "CPUs");
    }

    /** The one duration grammar ({@link Units#parseDuration}), its error naming the option. */
    private static Duration duration(String option, String value) {
        try {
            return Units.parseDuration(value);
        } catch (LoadException e) {
            throw new LoadException(option + ": " + e.getMessage());
        }
    }

    private static int intOption(String name, String value) {
        long n = Units.parseMetric(value);
        if (n > Integer.MAX_VALUE) {
            throw new LoadException(name + " is too large: " + value);
        }
        return (int) n;
    }

    private static long seed(String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new LoadException("--seed takes a whole number, not '" + value + "'");
        }
    }

    private static TlsEngine parseTlsEngine(String e) {
        try {
            return TlsEngine.valueOf(e.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException x) {
            throw new LoadException("unknown TLS engine '" + e + "': use openssl, jdk or auto");
        }
    }

    /** The TLS flags given to an http run: they would change nothing, so they are a mistake. */
    private boolean tlsFlagsGiven() {
        return tlsVerify || caCert != null || !tlsVersions.isEmpty() || ciphers != null || noTlsResume
                || !tlsEngine.equalsIgnoreCase("auto");
    }

    private static Transport parseTransport(String t) {
        try {
            return Transport.valueOf(t.toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw new LoadException("unknown transport '" + t + "': use auto, epoll, io_uring or nio");
        }
    }

    static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is exiting (Ctrl-C): the hook is running and waits for our report
        }
    }
}
