package dev.showdown.targets.springwebflux;

import java.util.List;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;

/** S3 (phoenix-showdown): the page is rendered by Thymeleaf (its reactive view) for every request. */
@Controller
public class ShowdownController {

    public record Member(String name) {
    }

    private static final List<Member> MEMBERS = List.of(
            new Member("Chris McCord"),
            new Member("Matt Sears"),
            new Member("David Stump"),
            new Member("Ricardo Thompson"));

    /** One path segment; the more specific static mappings (/json, /plaintext) win over it. */
    @GetMapping("/{title}")
    public String showdown(@PathVariable String title, Model model) {
        model.addAttribute("title", title);
        model.addAttribute("members", MEMBERS);
        return "index";
    }
}
