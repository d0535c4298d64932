package dev.showdown.targets.spark;

import static spark.Spark.before;
import static spark.Spark.get;
import static spark.Spark.halt;
import static spark.Spark.ipAddress;
import static spark.Spark.port;
import static spark.Spark.post;
import static spark.Spark.threadPool;

import java.util.Map;
import java.util.regex.Pattern;

import freemarker.template.Configuration;
import spark.ModelAndView;
import spark.Request;
import spark.Response;
import spark.template.freemarker.FreeMarkerEngine;

/** The Showdown routes with Spark's static DSL, as in its getting-started docs. */
public final class SparkApp {
    /** 127.0.0.1, or what HOST says: a server agent asks for 0.0.0.0, for load from other hosts. */
    static final String HOST = System.getenv().getOrDefault("HOST", "127.0.0.1");
    static final int DEFAULT_PORT = 8080;
    /** Request bodies above this many bytes get 413. */
    static final long MAX_REQUEST_BYTES = 40_000_000L;
    /** Jetty worker threads: Spark's default pool size, stated here so it is visible. */
    static final int MAX_THREADS = 200;
    static final int MIN_THREADS = 8;
    static final int THREAD_IDLE_TIMEOUT_MILLIS = 60_000;
    static final String TEXT_PLAIN_UTF8 = "text/plain; charset=utf-8";
    static final String TEXT_HTML_UTF8 = "text/html; charset=utf-8";
    static final String APPLICATION_JSON = "application/json";
    static final String DEFAULT_ECHO_TYPE = "application/octet-stream";
    /** Spark has no regex routes; a before-filter checks the capture and halts with 404. */
    static final Pattern DIGITS = Pattern.compile("[0-9]+");

    record Message(String message) {
    }

    private SparkApp() {
    }

    public static void main(String[] args) {
        ipAddress(HOST);
        port(intFromEnv("PORT", DEFAULT_PORT));
        threadPool(MAX_THREADS, MIN_THREADS, THREAD_IDLE_TIMEOUT_MILLIS);

        FreeMarkerEngine freeMarker = new FreeMarkerEngine(freeMarkerConfiguration());
        JsonTransformer json = new JsonTransformer();

        // Spark tries routes in the order they are declared: static routes before /:title.
        get("/plaintext", (req, res) -> text(res, "Hello, World!"));
        get("/json", (req, res) -> {
            res.type(APPLICATION_JSON);
            return new Message("Hello, World!");
        }, json);
        get("/echo/hello-world", (req, res) -> text(res, "Hello World"));
        get("/echo/plain/:param", (req, res) -> text(res, req.params("param")));
        before("/echo/regex/:digits", (req, res) -> {
            if (!DIGITS.matcher(req.params("digits")).matches()) {
                halt(404, "Not Found");
            }
        });
        get("/echo/regex/:digits", (req, res) -> text(res, req.params("digits")));
        get("/", (req, res) -> {
            // Spark streams every body chunked; the contract wants an explicit empty length here.
            res.raw().setContentLength(0);
            return text(res, "");
        });
        get("/user/:id", (req, res) -> text(res, req.params("id")));
        post("/user", SparkApp::echo);
        get("/:title", (req, res) -> {
            res.type(TEXT_HTML_UTF8);
            return new ModelAndView(Map.of("title", req.params("title"), "members", Member.TEAM), "index.ftlh");
        }, freeMarker);
    }

    private static String text(Response res, String body) {
        res.type(TEXT_PLAIN_UTF8);
        return body;
    }

    /** Echoes the body byte for byte, or halts with 413 above 40 MB. */
    private static Object echo(Request req, Response res) throws Exception {
        byte[] body = BoundedBody.read(req, MAX_REQUEST_BYTES);
        if (body == null) {
            halt(413, "Payload Too Large");
        }
        String type = req.contentType();
        res.type(type != null ? type : DEFAULT_ECHO_TYPE);
        return body;
    }

    /** Templates from the class path; .ftlh files get HTML auto-escaping (FreeMarker 2.3.24+ behaviour). */
    private static Configuration freeMarkerConfiguration() {
        Configuration configuration = new Configuration(Configuration.VERSION_2_3_34);
        configuration.setClassForTemplateLoading(SparkApp.class, "/templates");
        configuration.setDefaultEncoding("UTF-8");
        return configuration;
    }

    private static int intFromEnv(String name, int fallback) {
        String value = System.getenv(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            System.err.println("spark target: " + name + " must be an integer, got '" + value + "'");
            System.exit(2);
            return fallback;
        }
    }
}
