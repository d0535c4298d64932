package dev.showdown.targets.jetty;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An in-memory key store made from a PEM certificate chain and an unencrypted PKCS#8 PEM key,
 * the files the harness names in {@code TLS_CERT} and {@code TLS_KEY}. The JDK reads the
 * certificates itself; the key is the base64 between the PRIVATE KEY lines, and its algorithm
 * is the certificate's (EC for the harness's P-256 key, RSA or EdDSA for others).
 */
final class PemKeyStore {
    static final String ALIAS = "server";
    /** The store lives in memory only; its password guards nothing, but the API wants one. */
    static final char[] PASSWORD = "showdown".toCharArray();
    private static final Pattern PKCS8 =
            Pattern.compile("-----BEGIN PRIVATE KEY-----([A-Za-z0-9+/=\\s]+)-----END PRIVATE KEY-----");

    private PemKeyStore() {
    }

    static KeyStore load(Path certificateFile, Path keyFile) throws IOException, GeneralSecurityException {
        Certificate[] chain;
        try (InputStream in = Files.newInputStream(certificateFile)) {
            chain = CertificateFactory.getInstance("X.509").generateCertificates(in).toArray(Certificate[]::new);
        }
        if (chain.length == 0) {
            throw new GeneralSecurityException(certificateFile + " holds no PEM certificate");
        }
        Matcher key = PKCS8.matcher(Files.readString(keyFile, StandardCharsets.US_ASCII));
        if (!key.find()) {
            throw new GeneralSecurityException(keyFile + " holds no unencrypted PKCS#8 key (BEGIN PRIVATE KEY)");
        }
        byte[] der = Base64.getMimeDecoder().decode(key.group(1));
        PrivateKey privateKey = KeyFactory.getInstance(chain[0].getPublicKey().getAlgorithm())
                .generatePrivate(new PKCS8EncodedKeySpec(der));

        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry(ALIAS, privateKey, PASSWORD, chain);
        return store;
    }
}
