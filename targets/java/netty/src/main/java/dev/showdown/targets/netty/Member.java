package dev.showdown.targets.netty;

/** One team member shown on the showdown page. */
public record Member(String name) {}
