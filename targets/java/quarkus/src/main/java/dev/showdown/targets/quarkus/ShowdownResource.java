package dev.showdown.targets.quarkus;

import java.util.List;

import io.quarkus.qute.Template;
import io.quarkus.qute.TemplateData;
import io.quarkus.qute.TemplateInstance;
import io.smallrye.common.annotation.NonBlocking;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;

/** S3 (phoenix-showdown): the page is rendered by Qute for every request. */
@Path("/")
@NonBlocking
public class ShowdownResource {

    /** @TemplateData makes Qute generate a value resolver for it (Qute uses no reflection). */
    @TemplateData
    public record Member(String name) {
    }

    private static final List<Member> MEMBERS = List.of(
            new Member("Chris McCord"),
            new Member("Matt Sears"),
            new Member("David Stump"),
            new Member("Ricardo Thompson"));

    /** templates/index.html, which includes templates/layout.html and templates/member.html. */
    @Inject
    Template index;

    /** One path segment; JAX-RS ranks the literal paths (/json, /plaintext) above it. */
    @GET
    @Path("{title}")
    @Produces("text/html; charset=utf-8")
    public TemplateInstance showdown(String title) {
        return index.data("title", title).data("members", MEMBERS);
    }
}
