package showdown.hosts.agent;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.security.cert.CertificateException;
import java.util.Locale;
import javax.net.ssl.SSLSocket;
import showdown.hosts.tls.ChannelTls;
import showdown.hosts.tls.WrongRoleException;

/**
 * How an agent takes a new connection: its first byte must open a TLS handshake record (a
 * ClientHello), then the TLS handshake must pass with a certificate of the controller's role.
 * A refusal says which of these the peer failed, so a plain-text probe is not blamed on a
 * certificate it never sent.
 */
final class PeerHandshake {

    /** The content type of a TLS handshake record: the first byte of every ClientHello. */
    static final int TLS_HANDSHAKE_RECORD = 0x16;

    /** What a peer did that got it refused, in the words of the agent's refusal line. */
    enum Refusal {
        /** It closed the connection, or sent nothing before the handshake timeout. */
        SILENT("sent nothing"),
        /** Its first byte was not a TLS handshake record: plain text, HTTP, another protocol. */
        NOT_TLS("sent plain bytes, not a TLS ClientHello"),
        /**
         * The handshake got as far as certificates, and the peer sent none: a TLS client sends
         * only a certificate of a CA the agent names, so one of another run's CA sends none too.
         */
        NO_CERTIFICATE("presented no certificate of this run's CA"),
        /**
         * Its certificate is not the controller's: an agent's own pair (TLS server use only, which
         * the JDK's key usage check refuses) or a client certificate without the controller's role.
         */
        WRONG_ROLE("presented a certificate of the wrong role"),
        /** Its certificate does not verify against the run's CA: another run's, another CA's, out of its dates. */
        UNTRUSTED("presented a certificate that does not verify against this run's CA"),
        /** The peer sent a certificate alert: it does not trust this agent's certificate (its CA is another run's). */
        DISTRUSTS_AGENT("did not accept this agent's certificate"),
        /**
         * It closed the connection while the agent was still writing its part of the handshake, so
         * the agent's write failed before any alert could be read: a peer that refuses the agent's
         * certificate often ends this way too, its alert lost with the connection.
         */
        HUNG_UP("closed the connection in the TLS handshake"),
        /** The TLS handshake failed for another reason: no common protocol version, an alert, a close. */
        HANDSHAKE("failed the TLS handshake");

        final String words;

        Refusal(String words) {
            this.words = words;
        }
    }

    /** A connection's outcome: the TLS socket to serve, or the refusal and its detail. */
    sealed interface Outcome permits Accepted, Refused {
    }

    record Accepted(SSLSocket socket) implements Outcome {
    }

    /** @param detail what the peer sent or the TLS layer said; may be empty */
    record Refused(Refusal refusal, String detail) implements Outcome {
        /** The refusal as the agent prints it after "refused a peer at HOST:PORT: ". */
        String describe() {
            return detail.isEmpty() ? refusal.words : refusal.words + " (" + detail + ")";
        }
    }

    private PeerHandshake() {
    }

    /** Reads the first byte, then runs the handshake; within {@code timeoutMillis} each. The socket is closed when refused. */
    static Outcome accept(Socket raw, ChannelTls tls, int timeoutMillis) {
        int first;
        try {
            raw.setSoTimeout(timeoutMillis);
            InputStream in = raw.getInputStream();
            first = in.read();
        } catch (SocketTimeoutException e) {
            return refused(raw, Refusal.SILENT, "for " + timeoutMillis / 1000 + " s");
        } catch (IOException e) {
            return refused(raw, Refusal.SILENT, Agent.oneLine(e));
        }
        if (first < 0) {
            return refused(raw, Refusal.SILENT, "closed the connection");
        }
        if (first != TLS_HANDSHAKE_RECORD) {
            return refused(raw, Refusal.NOT_TLS, String.format(Locale.ROOT, "first byte 0x%02x%s", first,
                    first >= 0x20 && first < 0x7f ? " '" + (char) first + "'" : ""));
        }
        SSLSocket socket = null;
        try {
            socket = (SSLSocket) tls.context().getSocketFactory().createSocket(raw,
                    new ByteArrayInputStream(new byte[] {(byte) first}), true);
            tls.configure(socket, true);
            socket.startHandshake();
            socket.setSoTimeout(0);
            return new Accepted(socket);
        } catch (IOException e) {
            Refused r = of(e);
            closeQuietly(socket == null ? raw : socket);
            return r;
        }
    }

    /** Which refusal a failed handshake is, from its cause chain; the certificate check's own words when it got that far. */
    static Refused of(IOException e) {
        SocketException hangUp = null; // a certificate failure anywhere in the chain says more
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof WrongRoleException w) {
                return new Refused(Refusal.WRONG_ROLE, Agent.oneLine(w));
            }
            if (t instanceof CertificateException c) {
                String words = Agent.oneLine(c);
                // the roles are key usages: the JDK's own check of them is a role check
                return new Refused(words.contains("key usage") ? Refusal.WRONG_ROLE : Refusal.UNTRUSTED, words);
            }
            if (hangUp == null && t instanceof SocketException s && s.getMessage() != null
                    && (s.getMessage().contains("Broken pipe") || s.getMessage().contains("Connection reset"))) {
                hangUp = s;
            }
        }
        if (hangUp != null) {
            return new Refused(Refusal.HUNG_UP, Agent.oneLine(hangUp));
        }
        String words = Agent.oneLine(e);
        if (words.contains("Empty client certificate chain")) {
            return new Refused(Refusal.NO_CERTIFICATE, "");
        }
        if (words.contains("Received fatal alert: certificate_unknown") || words.contains("Received fatal alert: unknown_ca")
                || words.contains("Received fatal alert: bad_certificate")) {
            return new Refused(Refusal.DISTRUSTS_AGENT, words);
        }
        return new Refused(Refusal.HANDSHAKE, words);
    }

    private static Refused refused(Socket raw, Refusal refusal, String detail) {
        closeQuietly(raw);
        return new Refused(refusal, detail);
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // closing
        }
    }
}
