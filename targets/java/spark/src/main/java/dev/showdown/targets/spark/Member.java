package dev.showdown.targets.spark;

import java.util.List;

/** A team member shown by the member.ftlh partial. */
public record Member(String name) {
    static final List<Member> TEAM = List.of(
            new Member("Chris McCord"), new Member("Matt Sears"),
            new Member("David Stump"), new Member("Ricardo Thompson"));
}
