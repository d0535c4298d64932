package dev.showdown.targets.micronaut;

import io.micronaut.runtime.Micronaut;

/** The Micronaut target: one app on Micronaut's Netty server serving every route of docs/scenarios.md. */
public class Application {

    public static void main(String[] args) {
        Micronaut.build(args).mainClass(Application.class).banner(false).start();
    }
}
