package dev.showdown.targets.netty;

import io.netty.handler.codec.http2.Http2SecurityUtil;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolConfig.Protocol;
import io.netty.handler.ssl.ApplicationProtocolConfig.SelectedListenerFailureBehavior;
import io.netty.handler.ssl.ApplicationProtocolConfig.SelectorFailureBehavior;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProtocols;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.SupportedCipherSuiteFilter;
import java.io.File;
import javax.net.ssl.SSLException;

/**
 * The TLS side of the server: the port and the PEM certificate and PKCS#8 key named by
 * {@code TLS_PORT}, {@code TLS_CERT} and {@code TLS_KEY}, served with TLS 1.2 and 1.3 and ALPN
 * {@code h2} and {@code http/1.1} over TCP, and with ALPN {@code h3} over QUIC.
 *
 * <p>The engine is BoringSSL through netty-tcnative ({@link SslProvider#OPENSSL}), Netty's fastest;
 * the JDK's engine only where the native library cannot load (a platform we ship no JNI jar for).
 */
record ServerTls(int port, SslContext context, String engine, File cert, File key) {

    /** The TLS settings from the environment, or null when none are set (cleartext only). */
    static ServerTls fromEnv() throws SSLException {
        String port = System.getenv("TLS_PORT");
        String cert = System.getenv("TLS_CERT");
        String key = System.getenv("TLS_KEY");
        if (isBlank(port) && isBlank(cert) && isBlank(key)) {
            return null;
        }
        if (isBlank(port) || isBlank(cert) || isBlank(key)) {
            throw new IllegalArgumentException("TLS needs all of TLS_PORT, TLS_CERT and TLS_KEY, or none of them");
        }
        int tlsPort = NettyServer.wholeNumber("TLS_PORT", port);
        SslProvider provider = SslProvider.isAlpnSupported(SslProvider.OPENSSL) ? SslProvider.OPENSSL : SslProvider.JDK;
        File certFile = readable("TLS_CERT", cert);
        File keyFile = readable("TLS_KEY", key);
        SslContext context = SslContextBuilder.forServer(certFile, keyFile)
                .sslProvider(provider)
                .protocols(SslProtocols.TLS_v1_3, SslProtocols.TLS_v1_2)
                // The cipher list HTTP/2 allows (RFC 9113 section 9.2.2), filtered to what the engine has.
                .ciphers(Http2SecurityUtil.CIPHERS, SupportedCipherSuiteFilter.INSTANCE)
                .applicationProtocolConfig(new ApplicationProtocolConfig(
                        Protocol.ALPN,
                        SelectorFailureBehavior.NO_ADVERTISE,
                        SelectedListenerFailureBehavior.ACCEPT,
                        ApplicationProtocolNames.HTTP_2,
                        ApplicationProtocolNames.HTTP_1_1))
                .build();
        String engine = provider == SslProvider.OPENSSL ? OpenSsl.versionString() : "JDK SSLEngine";
        return new ServerTls(tlsPort, context, engine, certFile, keyFile);
    }

    /**
     * The same certificate and key for QUIC, with ALPN {@code h3}. QUIC always runs TLS 1.3, by the
     * BoringSSL inside netty-codec-native-quic, whatever engine the TCP port uses.
     */
    QuicSslContext quicContext() {
        return QuicSslContextBuilder.forServer(key, null, cert)
                .applicationProtocols(Http3.supportedApplicationProtocols())
                .build();
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
