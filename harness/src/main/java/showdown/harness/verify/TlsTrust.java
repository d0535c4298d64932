package showdown.harness.verify;

import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
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
 * The verifier's TLS client side: an {@link SSLContext} (HTTP/1.1) or a Netty {@link SslContext}
 * (HTTP/2) that trusts exactly the run's certificate, so a target that serves another certificate,
 * or none, fails its TLS checks. The certificate names
 * {@code IP:127.0.0.1}, so the usual host name check applies.
 */
public final class TlsTrust {

    private TlsTrust() {
    }

    /** Trusts only the PEM certificate in {@code certFile}, TLS 1.2 and 1.3. */
    public static SSLContext trusting(Path certFile) {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trustOnly(certFile).getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot trust the run's certificate " + certFile + ": " + e.getMessage(), e);
        }
    }

    /**
     * The HTTP/2 side (Netty, the JDK's engine): trusts only {@code certFile}, checks that it names the
     * host, TLS 1.3 and 1.2, and offers ALPN {@code h2} alone, so a server that picks HTTP/1.1 shows.
     */
    static SslContext http2Client(Path certFile) {
        try {
            return SslContextBuilder.forClient()
                    .sslProvider(SslProvider.JDK)
                    .protocols("TLSv1.3", "TLSv1.2")
                    .trustManager(trustOnly(certFile))
                    .endpointIdentificationAlgorithm("HTTPS") // the certificate names IP:127.0.0.1
                    .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                            ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                            ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT, ApplicationProtocolNames.HTTP_2))
                    .build();
        } catch (javax.net.ssl.SSLException e) {
            throw new IllegalStateException("cannot set up TLS for HTTP/2 with the run's certificate " + certFile + ": "
                    + e.getMessage(), e);
        }
    }

    private static TrustManagerFactory trustOnly(Path certFile) {
        try (InputStream in = Files.newInputStream(certFile)) {
            Certificate cert = CertificateFactory.getInstance("X.509").generateCertificate(in);
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            store.setCertificateEntry("showdown-run", cert);
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(store);
            return trust;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the run's certificate " + certFile, e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot trust the run's certificate " + certFile + ": " + e.getMessage(), e);
        }
    }
}
