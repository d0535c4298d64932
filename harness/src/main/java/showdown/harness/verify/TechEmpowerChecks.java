package showdown.harness.verify;

import static showdown.harness.verify.Scenarios.TECHEMPOWER;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.List;

/** TechEmpower's plaintext and JSON tests. */
final class TechEmpowerChecks {

    private static final ObjectMapper JSON = new ObjectMapper();

    private TechEmpowerChecks() {
    }

    static List<Check> all() {
        return List.of(
                new Check(TECHEMPOWER, "GET /plaintext", ctx -> Expect.of(ctx.send(RawRequest.get("/plaintext")))
                        .status(200)
                        .contentType("text/plain (charset=utf-8 optional)", ct -> ct.isWithOptionalUtf8("text/plain"))
                        .body("Hello, World!")
                        .result(TECHEMPOWER, "GET /plaintext")),
                new Check(TECHEMPOWER, "GET /json", ctx -> Expect.of(ctx.send(RawRequest.get("/json")))
                        .status(200)
                        .contentType("application/json", ct -> ct.isWithOptionalUtf8("application/json"))
                        .that(r -> jsonProblem(r.body()))
                        .result(TECHEMPOWER, "GET /json")));
    }

    /** Null when the body is the JSON object {"message":"Hello, World!"} and nothing else. */
    static String jsonProblem(byte[] body) {
        try {
            JsonNode node = JSON.readTree(body);
            if (node != null && node.isObject() && node.size() == 1 && node.path("message").isTextual()
                    && node.path("message").asText().equals("Hello, World!")) {
                return null;
            }
        } catch (IOException e) {
            return "body is not JSON: " + WireTrace.excerpt(body, 60);
        }
        return "body " + WireTrace.excerpt(body, 60) + ", expected {\"message\":\"Hello, World!\"}";
    }
}
