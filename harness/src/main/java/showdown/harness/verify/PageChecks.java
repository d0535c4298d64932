package showdown.harness.verify;

import static showdown.harness.verify.Scenarios.PHOENIX_SHOWDOWN;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** S3 phoenix-showdown: the templated page, its per-request title, and HTML escaping. */
final class PageChecks {

    /** {@code a<b>} as a path segment. */
    static final String ESCAPE_PATH = "/a%3Cb%3E";
    static final String ESCAPE_TITLE = "a<b>";
    private static final Pattern TITLE_HEADING = Pattern.compile("<h4>\\s*Resources:(.*?)</h4>", Pattern.DOTALL);

    private PageChecks() {
    }

    static List<Check> all() {
        return List.of(
                page("/showdown", "showdown", "GET /showdown"),
                new Check(PHOENIX_SHOWDOWN, "GET /{random title}", ctx -> {
                    String title = ctx.randomAlphanumeric(10);
                    return page("/" + title, title, "GET /{random title}").run(ctx);
                }),
                new Check(PHOENIX_SHOWDOWN, "GET " + ESCAPE_PATH + " is escaped", ctx ->
                        Expect.of(ctx.send(RawRequest.get(ESCAPE_PATH)))
                                .status(200).contentType(Expect.HTML_UTF8).that(r -> escapingProblem(r.bodyText()))
                                .result(PHOENIX_SHOWDOWN, "GET " + ESCAPE_PATH + " is escaped")));
    }

    static Check page(String path, String title, String name) {
        return new Check(PHOENIX_SHOWDOWN, name, ctx -> Expect.of(ctx.send(RawRequest.get(path)))
                .status(200).contentType(Expect.HTML_UTF8)
                .that(r -> ReferencePage.difference(r.bodyText(), title))
                .result(PHOENIX_SHOWDOWN, name));
    }

    /** Null when the title heading holds {@code a<b>} escaped (named or numeric entities). */
    static String escapingProblem(String html) {
        Matcher m = TITLE_HEADING.matcher(html);
        if (!m.find()) {
            return "no <h4>Resources: ...</h4> heading in the page";
        }
        String shown = m.group(1).trim();
        if (shown.contains("<") || shown.contains(">")) {
            return "the title is not escaped: <h4>Resources: " + WireTrace.escape(shown) + "</h4>";
        }
        String decoded = unescape(shown);
        if (!decoded.equals(ESCAPE_TITLE)) {
            return "the title shows as '" + WireTrace.escape(shown) + "', expected a&lt;b&gt;";
        }
        return null;
    }

    private static String unescape(String s) {
        return s.replace("&lt;", "<").replace("&gt;", ">").replace("&#60;", "<").replace("&#62;", ">")
                .replace("&#x3c;", "<").replace("&#x3e;", ">").replace("&#x3C;", "<").replace("&#x3E;", ">")
                .replace("&amp;", "&");
    }
}
