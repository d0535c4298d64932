package showdown.load.tls;

import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.security.SecureRandom;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import showdown.load.LoadException;

/**
 * Before an HTTP/2 run over TLS: one handshake that offers ALPN {@code h2} and {@code http/1.1}, so that a
 * server that does not offer it is one line before any load, as for h2c. A handshake that fails
 * here decides nothing (a wrong certificate, plain HTTP on the port): the run counts those by kind.
 */
public final class TlsPreflight {

    private TlsPreflight() {
    }

    /** Throws a {@link LoadException} when the TLS server on the connected {@code socket} does not choose h2. */
    public static void checkH2(Socket socket, URI url, int timeoutMillis) throws IOException {
        SSLContext context;
        try {
            context = SSLContext.getInstance("TLS");
            context.init(null, InsecureTrustManagerFactory.INSTANCE.getTrustManagers(), new SecureRandom());
        } catch (java.security.GeneralSecurityException e) {
            return; // no JDK TLS to ask with: the run will tell
        }
        socket.setSoTimeout(timeoutMillis);
        SSLSocketFactory factory = context.getSocketFactory();
        try (SSLSocket tls = (SSLSocket) factory.createSocket(socket, url.getHost(), socket.getPort(), false)) {
            SSLParameters p = tls.getSSLParameters();
            p.setApplicationProtocols(new String[] {"h2", "http/1.1"}); // so that an h1-only server says so
            tls.setSSLParameters(p);
            try {
                tls.startHandshake();
            } catch (IOException e) {
                return; // not for the preflight to judge
            }
            String chosen = tls.getApplicationProtocol();
            if (!"h2".equals(chosen)) {
                throw new LoadException(url + " does not offer HTTP/2 over TLS (ALPN "
                        + (chosen == null || chosen.isEmpty() ? "chose nothing" : "chose '" + chosen + "'") + "); drop --h2");
            }
        }
    }
}
