package dev.showdown.targets.springwebflux;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** S1 (spock-scotty) and the plain-text half of S2 (mist): static, captured and regex routes. */
@RestController
public class EchoController {

    /** Spring's default is "text/plain;charset=ISO-8859-1" for String bodies; the contract wants UTF-8. */
    private static final MediaType TEXT_UTF8 = new MediaType("text", "plain", java.nio.charset.StandardCharsets.UTF_8);

    @GetMapping("/")
    public ResponseEntity<String> root() {
        return text("");
    }

    @GetMapping("/echo/hello-world")
    public ResponseEntity<String> helloWorld() {
        return text("Hello World");
    }

    @GetMapping("/echo/plain/{param}")
    public ResponseEntity<String> plain(@PathVariable String param) {
        return text(param);
    }

    /** The pattern lives in the mapping, so Spring's router itself answers 404 for non-digits. */
    @GetMapping("/echo/regex/{param:[0-9]+}")
    public ResponseEntity<String> regex(@PathVariable String param) {
        return text(param);
    }

    @GetMapping("/user/{id}")
    public ResponseEntity<String> user(@PathVariable String id) {
        return text(id);
    }

    @GetMapping("/plaintext")
    public ResponseEntity<String> plaintext() {
        return text("Hello, World!");
    }

    private static ResponseEntity<String> text(String body) {
        return ResponseEntity.ok().contentType(TEXT_UTF8).body(body);
    }
}
