package dev.showdown.targets.quarkus;

import io.smallrye.common.annotation.NonBlocking;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;

/**
 * S1 (spock-scotty) and the plain-text half of S2 (mist): static, captured and regex routes.
 * {@code @NonBlocking}: none of these block, so they run on the Vert.x event loop instead of a
 * worker thread, as Quarkus's execution-model guide recommends for such endpoints.
 */
@Path("/")
@NonBlocking
@Produces(EchoResource.TEXT_UTF8)
public class EchoResource {

    static final String TEXT_UTF8 = "text/plain; charset=utf-8";

    @GET
    public String root() {
        return "";
    }

    @GET
    @Path("echo/hello-world")
    public String helloWorld() {
        return "Hello World";
    }

    @GET
    @Path("echo/plain/{param}")
    public String plain(String param) {
        return param;
    }

    /** A JAX-RS path regex: the router itself answers 404 when the segment is not all digits. */
    @GET
    @Path("echo/regex/{param: [0-9]+}")
    public String regex(String param) {
        return param;
    }

    @GET
    @Path("plaintext")
    public String plaintext() {
        return "Hello, World!";
    }
}
