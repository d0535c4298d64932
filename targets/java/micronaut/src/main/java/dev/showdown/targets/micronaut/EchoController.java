package dev.showdown.targets.micronaut;

import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Produces;

/** S1 (spock-scotty) and the plain-text half of S2 (mist): static, captured and regex routes. */
@Controller
@Produces(EchoController.TEXT_UTF8)
public class EchoController {

    /** Micronaut's MediaType.TEXT_PLAIN has no charset; the contract names UTF-8. */
    static final String TEXT_UTF8 = "text/plain; charset=utf-8";

    @Get
    public String root() {
        return "";
    }

    @Get("/echo/hello-world")
    public String helloWorld() {
        return "Hello World";
    }

    @Get("/echo/plain/{param}")
    public String plain(String param) {
        return param;
    }

    /** The URI template carries the regex, so Micronaut's router itself answers 404 for non-digits. */
    @Get("/echo/regex/{param:[0-9]+}")
    public String regex(String param) {
        return param;
    }

    @Get("/user/{id}")
    public String user(String id) {
        return id;
    }

    @Get("/plaintext")
    public String plaintext() {
        return "Hello, World!";
    }
}
