package dev.showdown.targets.quarkus;

import io.quarkus.vertx.http.HttpServerOptionsCustomizer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.OpenSSLEngineOptions;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Serves TLS with OpenSSL (BoringSSL from netty-tcnative) rather than the JDK's engine, which Quarkus
 * configures by default and has no property to change. {@link HttpServerOptionsCustomizer} is
 * Quarkus's hook for Vert.x server options it does not expose; where the native library cannot load,
 * the JDK's engine stays.
 */
@ApplicationScoped
public class OpenSslHttpsCustomizer implements HttpServerOptionsCustomizer {

    @Override
    public void customizeHttpsServer(HttpServerOptions options) {
        if (OpenSSLEngineOptions.isAlpnAvailable()) {
            options.setSslEngineOptions(new OpenSSLEngineOptions());
        }
    }
}
