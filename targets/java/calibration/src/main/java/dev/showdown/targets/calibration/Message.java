package dev.showdown.targets.calibration;

/** The /json response body, serialised by Jackson for each request. */
public record Message(String message) {}
