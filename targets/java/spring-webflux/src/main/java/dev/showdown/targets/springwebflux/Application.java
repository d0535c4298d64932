package dev.showdown.targets.springwebflux;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The Spring WebFlux target: one Boot app on Reactor Netty serving every route of docs/scenarios.md. */
@SpringBootApplication
public class Application {

    public static void main(String[] args) {
        try {
            TlsSettings.fromEnv(); // checked before Boot starts, so a bad setting is one line, not a trace
        } catch (IllegalArgumentException e) {
            System.err.println("TLS: " + e.getMessage());
            System.exit(2);
        }
        SpringApplication.run(Application.class, args);
    }
}
