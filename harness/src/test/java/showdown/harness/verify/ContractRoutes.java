package showdown.harness.verify;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import showdown.harness.verify.ContractServer.Fault;

/**
 * The scenario contract's routes, with the deliberate faults, apart from any wire protocol: the
 * HTTP/1.1 {@link ContractServer} and the HTTP/2 {@link Http2ContractServer} both answer from here.
 */
final class ContractRoutes {

    /** What to answer: status, Content-Type and body. */
    record Answer(int status, String type, byte[] body) {
        Answer(int status, String type, String body) {
            this(status, type, body.getBytes(StandardCharsets.UTF_8));
        }
    }

    private final Set<Fault> faults;

    ContractRoutes(Set<Fault> faults) {
        this.faults = Set.copyOf(faults);
    }

    /** @param headers the request's headers, names in lower case */
    Answer answer(String method, String path, Map<String, String> headers, byte[] body) {
        String[] seg = path.substring(1).split("/", -1);
        String textType = faults.contains(Fault.WRONG_CONTENT_TYPE) ? "text/plain" : ContractServer.TEXT;
        if (method.equals("POST") && path.equals("/user")) {
            String type = headers.getOrDefault("content-type", "application/octet-stream");
            byte[] echoed = faults.contains(Fault.BROKEN_ECHO)
                    ? new String(body, StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8) : body;
            return new Answer(200, type, echoed);
        } else if (path.equals("/echo/hello-world")) {
            return new Answer(200, textType, faults.contains(Fault.WRONG_BODY) ? "Hello world" : "Hello World");
        } else if (seg.length == 3 && seg[0].equals("echo") && seg[1].equals("plain")) {
            return new Answer(200, textType, seg[2]);
        } else if (seg.length == 3 && seg[0].equals("echo") && seg[1].equals("regex")
                && (seg[2].matches("[0-9]+") || faults.contains(Fault.NO_404))) {
            return new Answer(200, textType, seg[2]);
        } else if (path.equals("/")) {
            return new Answer(200, "text/plain", "");
        } else if (seg.length == 2 && seg[0].equals("user")) {
            return new Answer(200, textType, seg[1]);
        } else if (path.equals("/plaintext")) {
            return new Answer(200, "text/plain", "Hello, World!");
        } else if (path.equals("/json")) {
            return new Answer(200, "application/json", "{\"message\":\"Hello, World!\"}");
        } else if (seg.length == 1) {
            String title = URLDecoder.decode(seg[0], StandardCharsets.UTF_8);
            String page = faults.contains(Fault.UNESCAPED_TITLE)
                    ? ReferencePage.forTitle("TITLE-SLOT").replace("TITLE-SLOT", title) : ReferencePage.forTitle(title);
            return new Answer(200, "text/html; charset=utf-8", page);
        } else if (faults.contains(Fault.NO_404)) {
            return new Answer(200, textType, "ok");
        }
        return new Answer(404, textType, "Not Found");
    }
}
