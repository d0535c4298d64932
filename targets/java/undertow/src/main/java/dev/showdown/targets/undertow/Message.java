package dev.showdown.targets.undertow;

/** The /json response body, serialised by Jackson for each request. */
public record Message(String message) {}
