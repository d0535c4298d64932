package dev.showdown.targets.springwebflux;

import java.io.File;

/**
 * The TLS port, PEM certificate and PKCS#8 PEM key named by {@code TLS_PORT}, {@code TLS_CERT} and
 * {@code TLS_KEY}.
 */
record TlsSettings(int port, File certificate, File privateKey) {

    /**
     * The TLS settings from the environment, or null when none of them is set (cleartext only).
     *
     * @throws IllegalArgumentException when only some are set, the port is not a number, or a file
     *         cannot be read
     */
    static TlsSettings fromEnv() {
        String port = System.getenv("TLS_PORT");
        String cert = System.getenv("TLS_CERT");
        String key = System.getenv("TLS_KEY");
        if (isBlank(port) && isBlank(cert) && isBlank(key)) {
            return null;
        }
        if (isBlank(port) || isBlank(cert) || isBlank(key)) {
            throw new IllegalArgumentException("TLS needs all of TLS_PORT, TLS_CERT and TLS_KEY, or none of them");
        }
        int tlsPort;
        try {
            tlsPort = Integer.parseInt(port.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("TLS_PORT must be a whole number, got: " + port);
        }
        return new TlsSettings(tlsPort, readable("TLS_CERT", cert), readable("TLS_KEY", key));
    }

    private static File readable(String name, String path) {
        File file = new File(path.trim());
        if (!file.canRead()) {
            throw new IllegalArgumentException(name + " names a file that cannot be read: " + path);
        }
        return file;
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
