package dev.showdown.targets.quarkus;

import io.smallrye.common.annotation.NonBlocking;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * S2's /user routes. They share one resource class because JAX-RS picks the class by its path
 * first: a separate class on /user would swallow GET /user/{id} and answer it 404.
 */
@Path("/user")
@NonBlocking
public class UserResource {

    private static final byte[] EMPTY = new byte[0];

    @GET
    @Path("{id}")
    @Produces(EchoResource.TEXT_UTF8)
    public String user(String id) {
        return id;
    }

    /**
     * Echoes the request body byte for byte, with the request's Content-Type. Quarkus reads the
     * whole body before the call and answers 413 past quarkus.http.limits.max-body-size.
     */
    @POST
    @Consumes(MediaType.WILDCARD)
    public Response echo(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, byte[] body) {
        String type = contentType == null ? MediaType.APPLICATION_OCTET_STREAM : contentType;
        return Response.ok(body == null ? EMPTY : body, type).build();
    }
}
