package dev.showdown.targets.micronaut;

import java.util.List;
import java.util.Map;

import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Produces;
import io.micronaut.views.View;

/** S3 (phoenix-showdown): the page is rendered by Thymeleaf through Micronaut Views for every request. */
@Controller
public class ShowdownController {

    /** Thymeleaf reads record components through their accessors (${member.name}). */
    public record Member(String name) {
    }

    private static final List<Member> MEMBERS = List.of(
            new Member("Chris McCord"),
            new Member("Matt Sears"),
            new Member("David Stump"),
            new Member("Ricardo Thompson"));

    /** One path segment; Micronaut ranks the static routes (/json, /plaintext) above it. */
    @Get("/{title}")
    @View("index")
    @Produces("text/html; charset=utf-8")
    public Map<String, Object> showdown(String title) {
        return Map.of("title", title, "members", MEMBERS);
    }
}
