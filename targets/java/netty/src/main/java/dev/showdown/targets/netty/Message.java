package dev.showdown.targets.netty;

/** The /json response body, serialised by Jackson for each request. */
public record Message(String message) {}
