package dev.showdown.targets.calibration;

/** One team member shown on the showdown page. */
public record Member(String name) {}
