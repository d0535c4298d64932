package showdown.harness.verify;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The verifier's TLS client side: an {@link SSLContext} that trusts exactly the run's certificate,
 * so a target that serves another certificate, or none, fails its TLS checks. The certificate names
 * {@code IP:127.0.0.1}, so the usual host name check applies.
 */
public final class TlsTrust {

    private TlsTrust() {
    }

    /** Trusts only the PEM certificate in {@code certFile}, TLS 1.2 and 1.3. */
    public static SSLContext trusting(Path certFile) {
        try (InputStream in = Files.newInputStream(certFile)) {
            Certificate cert = CertificateFactory.getInstance("X.509").generateCertificate(in);
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            store.setCertificateEntry("showdown-run", cert);
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(store);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the run's certificate " + certFile, e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot trust the run's certificate " + certFile + ": " + e.getMessage(), e);
        }
    }
}
