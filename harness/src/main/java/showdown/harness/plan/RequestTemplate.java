package showdown.harness.plan;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import showdown.harness.targets.Protocol;
import showdown.load.Header;

/**
 * One request of a scenario, as its file describes it.
 *
 * @param label           how reports name it, e.g. {@code GET /user/:id}
 * @param method          HTTP method
 * @param path            path with optional {@code {name}} placeholders, filled once per run
 * @param pathParams      for each placeholder, the inclusive integer range its value is drawn from
 * @param headers         extra request headers
 * @param randomBodyBytes size of a random body drawn afresh for each load level; 0 = no body
 * @param pipeline        HTTP/1.1 pipelining depth (1 = none); over HTTP/2, the streams in flight per connection
 * @param protocols       the protocols it is sent over, from the request's or the scenario's
 *                        {@code protocol:}; empty when neither says (then h1, unless the profile says)
 */
public record RequestTemplate(String label, String method, String path, Map<String, IntRange> pathParams,
                              List<Header> headers, int randomBodyBytes, int pipeline, List<Protocol> protocols) {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([a-zA-Z0-9_-]+)}");

    /** An inclusive range of integers. */
    public record IntRange(int min, int max) {
        int draw(Random random) {
            return min + random.nextInt(max - min + 1);
        }
    }

    public RequestTemplate {
        pathParams = Map.copyOf(pathParams);
        headers = List.copyOf(headers);
        protocols = protocols == null ? List.of() : List.copyOf(protocols);
    }

    /** A request that names no protocol. */
    public RequestTemplate(String label, String method, String path, Map<String, IntRange> pathParams,
                           List<Header> headers, int randomBodyBytes, int pipeline) {
        this(label, method, path, pathParams, headers, randomBodyBytes, pipeline, List.of());
    }

    /**
     * The concrete path: each placeholder gets a value drawn from its range by a generator seeded
     * with the run's seed, so a resumed run sends exactly what the interrupted one sent.
     */
    public String resolvePath(long runSeed) {
        Random random = new Random(runSeed ^ label.hashCode());
        Matcher m = PLACEHOLDER.matcher(path);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            IntRange range = pathParams.get(m.group(1));
            m.appendReplacement(out, Integer.toString(range.draw(random)));
        }
        m.appendTail(out);
        return out.toString();
    }

    static void checkPlaceholders(String source, String label, String path, Map<String, IntRange> params) {
        Matcher m = PLACEHOLDER.matcher(path);
        int found = 0;
        while (m.find()) {
            found++;
            if (!params.containsKey(m.group(1))) {
                throw new PlanException(source + ": request '" + label + "' has placeholder {" + m.group(1)
                        + "} but no 'path-params' range for it");
            }
        }
        if (found != params.size()) {
            throw new PlanException(source + ": request '" + label + "' has 'path-params' that its path does not use");
        }
    }
}
