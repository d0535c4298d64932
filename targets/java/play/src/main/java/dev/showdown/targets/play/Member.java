package dev.showdown.targets.play;

/** One team member on the showdown page. */
public record Member(String name) {
}
