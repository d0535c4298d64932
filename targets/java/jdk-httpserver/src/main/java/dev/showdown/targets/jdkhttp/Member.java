package dev.showdown.targets.jdkhttp;

/** One team member shown on the showdown page. */
public record Member(String name) {}
