package dev.showdown.targets.jooby;

/** One team member on the showdown page. */
public record Member(String name) {
}
