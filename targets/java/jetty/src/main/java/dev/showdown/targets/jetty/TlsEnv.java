package dev.showdown.targets.jetty;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The TLS listener the harness asks for: {@code TLS_PORT}, and the PEM certificate and PKCS#8
 * key in {@code TLS_CERT} and {@code TLS_KEY}. All three unset means cleartext only.
 */
record TlsEnv(int port, Path certificate, Path key) {

    /** Empty when none of the three is set; a clear one-line error when only some are. */
    static Optional<TlsEnv> read() {
        String port = System.getenv("TLS_PORT");
        String certificate = System.getenv("TLS_CERT");
        String key = System.getenv("TLS_KEY");
        if (isBlank(port) && isBlank(certificate) && isBlank(key)) {
            return Optional.empty();
        }
        if (isBlank(port) || isBlank(certificate) || isBlank(key)) {
            throw new IllegalArgumentException("TLS needs all of TLS_PORT, TLS_CERT and TLS_KEY, and some are unset");
        }
        try {
            return Optional.of(new TlsEnv(Integer.parseInt(port.trim()), Path.of(certificate), Path.of(key)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("TLS_PORT must be an integer, got '" + port + "'");
        }
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
