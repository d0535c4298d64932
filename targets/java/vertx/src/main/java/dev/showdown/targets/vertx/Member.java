package dev.showdown.targets.vertx;

/** One team member shown on the showdown page. */
public record Member(String name) {}
