package showdown.hosts.tls;

import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Optional;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.x509.KeyPurposeId;

/**
 * What a run's certificate lets its holder do, written in its extended key usages. The run's CA
 * signs both kinds; the role, not the CA, decides whom an agent obeys, since every load host holds
 * an agent's key.
 *
 * <ul>
 *   <li>{@link #CONTROLLER}: TLS client, plus Showdown's own controller usage
 *       ({@value #CONTROLLER_USAGE}). It drives agents; it cannot answer as one.</li>
 *   <li>{@link #AGENT}: TLS server only. It answers a controller; it cannot drive an agent, nor
 *       pass for the controller.</li>
 * </ul>
 */
public enum CertificateRole {
    CONTROLLER("the controller's"),
    AGENT("an agent's");

    /**
     * The extended key usage that marks the controller: an OID under {@code 2.25} (ITU-T X.667, a
     * UUID as an integer), so no registry is needed and no other software gives it a meaning.
     */
    public static final String CONTROLLER_USAGE = "2.25.192622419904892283061597930275398818356";

    private static final String SERVER_AUTH = KeyPurposeId.id_kp_serverAuth.getId();
    private static final String CLIENT_AUTH = KeyPurposeId.id_kp_clientAuth.getId();

    private final String description;

    CertificateRole(String description) {
        this.description = description;
    }

    /** The extended key usages a certificate of this role is made with. */
    KeyPurposeId[] usages() {
        return switch (this) {
            case CONTROLLER -> new KeyPurposeId[] {KeyPurposeId.id_kp_clientAuth,
                    KeyPurposeId.getInstance(new ASN1ObjectIdentifier(CONTROLLER_USAGE))};
            case AGENT -> new KeyPurposeId[] {KeyPurposeId.id_kp_serverAuth};
        };
    }

    /** Why {@code cert} is not a certificate of this role, or empty when it is. */
    public Optional<String> refusal(X509Certificate cert) {
        List<String> usages;
        try {
            usages = cert.getExtendedKeyUsage();
        } catch (CertificateParsingException e) {
            return Optional.of("its extended key usage cannot be read (" + e.getMessage() + ")");
        }
        if (usages == null) {
            return Optional.of("it names no extended key usage, so it is not " + description + " certificate");
        }
        return switch (this) {
            case CONTROLLER -> usages.contains(CONTROLLER_USAGE) && usages.contains(CLIENT_AUTH) ? Optional.empty()
                    : Optional.of("it is not the controller's certificate (no controller usage " + CONTROLLER_USAGE + ")");
            case AGENT -> !usages.contains(SERVER_AUTH) ? Optional.of("it is not an agent's certificate (no TLS server usage)")
                    : usages.contains(CLIENT_AUTH) || usages.contains(CONTROLLER_USAGE)
                    ? Optional.of("it is not an agent's certificate: it may also act as a TLS client")
                    : Optional.empty();
        };
    }

    /** The role at the other end of the channel. */
    CertificateRole peer() {
        return this == CONTROLLER ? AGENT : CONTROLLER;
    }
}
