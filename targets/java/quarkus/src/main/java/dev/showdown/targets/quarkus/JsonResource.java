package dev.showdown.targets.quarkus;

import io.smallrye.common.annotation.NonBlocking;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** TechEmpower's JSON test: a fresh object serialised by Quarkus's Jackson for each request. */
@Path("/json")
@NonBlocking
public class JsonResource {

    public record Message(String message) {
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Message json() {
        return new Message("Hello, World!");
    }
}
