package dev.showdown.targets.undertow;

/** One team member shown on the showdown page. */
public record Member(String name) {}
