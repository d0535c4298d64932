package showdown.load;

import java.nio.file.Path;
import java.util.List;

/**
 * How {@code https} URLs are spoken. As wrk and h2load do, certificates are not verified unless
 * {@code verify} is set (then against {@code caCert}, or the system's trust store without one).
 *
 * @param engine   the TLS implementation ({@link TlsEngine#AUTO}: OpenSSL when it loads)
 * @param versions the protocol versions offered, e.g. {@code TLSv1.3}; empty: TLS 1.2 and 1.3
 * @param ciphers  the cipher suites offered, in the engine's names; empty: the engine's defaults
 * @param verify   verify the server's certificate chain and name
 * @param caCert   a PEM file of trusted certificates (implies {@code verify}); null: the system's
 * @param resume   offer session resumption on reconnects (tickets or session ids)
 */
public record TlsOptions(TlsEngine engine, List<String> versions, List<String> ciphers, boolean verify, Path caCert,
        boolean resume) {

    /** wrk's and h2load's behaviour: TLS 1.2 and 1.3, no verification, resumption on. */
    public static final TlsOptions DEFAULTS = new TlsOptions(TlsEngine.AUTO, List.of(), List.of(), false, null, true);

    public TlsOptions {
        engine = engine == null ? TlsEngine.AUTO : engine;
        versions = versions == null ? List.of() : List.copyOf(versions);
        ciphers = ciphers == null ? List.of() : List.copyOf(ciphers);
        verify = verify || caCert != null;
    }
}
