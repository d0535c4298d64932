package dev.showdown.targets.micronaut;

import io.micronaut.runtime.Micronaut;

/** The Micronaut target: one app on Micronaut's Netty server serving every route of docs/scenarios.md. */
public class Application {

    /** The environment whose configuration (application-tls.properties) adds the TLS and QUIC listeners. */
    static final String TLS_ENVIRONMENT = "tls";

    public static void main(String[] args) {
        Micronaut app = Micronaut.build(args).mainClass(Application.class).banner(false);
        if (tlsGiven()) {
            app.environments(TLS_ENVIRONMENT);
        }
        app.start();
    }

    /** True when the harness passed a TLS port and the certificate pair; without them the app serves cleartext only. */
    static boolean tlsGiven() {
        for (String name : new String[] {"TLS_PORT", "TLS_CERT", "TLS_KEY"}) {
            String value = System.getenv(name);
            if (value == null || value.isBlank()) {
                return false;
            }
        }
        return true;
    }
}
