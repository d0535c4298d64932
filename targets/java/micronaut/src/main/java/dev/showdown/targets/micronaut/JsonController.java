package dev.showdown.targets.micronaut;

import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.serde.annotation.Serdeable;

/** TechEmpower's JSON test: a fresh object serialised by Micronaut Serialization for each request. */
@Controller("/json")
public class JsonController {

    @Serdeable
    public record Message(String message) {
    }

    @Get
    public Message json() {
        return new Message("Hello, World!");
    }
}
