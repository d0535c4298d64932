package dev.showdown.targets.springwebflux;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** TechEmpower's JSON test: a fresh object serialised by Boot's Jackson for each request. */
@RestController
public class JsonController {

    public record Message(String message) {
    }

    @GetMapping("/json")
    public Message json() {
        return new Message("Hello, World!");
    }
}
