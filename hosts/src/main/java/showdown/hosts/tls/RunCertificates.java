package showdown.hosts.tls;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import showdown.harness.target.PemFiles;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A run's certificates ({@code showdown certs --out DIR}): a CA made for the run, and the
 * controller's and the agents' certificates it signed. EC P-256, PEM, keys in unencrypted PKCS#8
 * readable by the owner only. One agent certificate serves every agent of the run; whom an
 * agent obeys is decided by the CA alone (the channel checks no host names), so {@code ca-key.pem}
 * stays with the controller and the files go only to the run's own hosts.
 */
public final class RunCertificates {

    public static final String CA = "ca.pem";
    public static final String CA_KEY = "ca-key.pem";
    public static final String CONTROLLER = "controller.pem";
    public static final String CONTROLLER_KEY = "controller-key.pem";
    public static final String AGENT = "agent.pem";
    public static final String AGENT_KEY = "agent-key.pem";

    /** Long enough for a long run and its resume; short, since a run's CA should not outlive it by much. */
    static final Duration VALIDITY = Duration.ofDays(7);
    /** A host whose clock is a little behind must still accept the certificates. */
    static final Duration BACKDATE = Duration.ofHours(1);

    private RunCertificates() {
    }

    /**
     * Makes a fresh CA, controller and agent certificate into {@code dir} (created when missing).
     *
     * @param agentHosts host names or addresses put into the agent certificate's subject
     *                   alternative names (informative: the channel checks the CA only)
     */
    public static void create(Path dir, List<String> agentHosts) {
        try {
            Files.createDirectories(dir);
            KeyPair caKeys = keyPair();
            X509Certificate ca = caCertificate(caKeys);
            KeyPair controllerKeys = keyPair();
            X509Certificate controller = leaf("CN=showdown controller, O=Showdown", controllerKeys, ca, caKeys.getPrivate(),
                    List.of());
            KeyPair agentKeys = keyPair();
            X509Certificate agent = leaf("CN=showdown agent, O=Showdown", agentKeys, ca, caKeys.getPrivate(), agentHosts);
            write(dir, CA, CA_KEY, ca, caKeys.getPrivate());
            write(dir, CONTROLLER, CONTROLLER_KEY, controller, controllerKeys.getPrivate());
            write(dir, AGENT, AGENT_KEY, agent, agentKeys.getPrivate());
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IllegalStateException("cannot make the run's certificates: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the run's certificates into " + dir, e);
        }
    }

    private static void write(Path dir, String certFile, String keyFile, X509Certificate cert, PrivateKey key)
            throws IOException {
        Files.writeString(dir.resolve(certFile), PemFiles.pem(cert), StandardCharsets.US_ASCII);
        PemFiles.writePrivate(dir.resolve(keyFile), PemFiles.pem(new JcaPKCS8Generator(key, null)));
    }

    /** True when {@code dir} holds what a controller needs. */
    public static boolean present(Path dir) {
        return Files.isRegularFile(dir.resolve(CA)) && Files.isRegularFile(dir.resolve(CONTROLLER))
                && Files.isRegularFile(dir.resolve(CONTROLLER_KEY));
    }

    private static KeyPair keyPair() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"), new SecureRandom());
        return generator.generateKeyPair();
    }

    private static X509Certificate caCertificate(KeyPair keys) throws GeneralSecurityException, OperatorCreationException,
            IOException {
        X500Name name = new X500Name("CN=showdown run CA " + Long.toHexString(new SecureRandom().nextLong()) + ", O=Showdown");
        Instant now = Instant.now();
        X509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(name, serial(), Date.from(now.minus(BACKDATE)),
                Date.from(now.plus(VALIDITY)), name, keys.getPublic());
        b.addExtension(Extension.basicConstraints, true, new BasicConstraints(0));
        b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
        b.addExtension(Extension.subjectKeyIdentifier, false, new JcaX509ExtensionUtils().createSubjectKeyIdentifier(keys.getPublic()));
        return sign(b, keys.getPrivate());
    }

    private static X509Certificate leaf(String subject, KeyPair keys, X509Certificate ca, PrivateKey caKey,
                                        List<String> hosts) throws GeneralSecurityException, OperatorCreationException,
            IOException {
        Instant now = Instant.now();
        X509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(ca, serial(), Date.from(now.minus(BACKDATE)),
                Date.from(now.plus(VALIDITY)), new X500Name(subject), keys.getPublic());
        b.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
        b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature));
        // both ends of the channel present this kind of certificate: either may act as client or server
        b.addExtension(Extension.extendedKeyUsage, false,
                new ExtendedKeyUsage(new KeyPurposeId[] {KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth}));
        b.addExtension(Extension.authorityKeyIdentifier, false, new JcaX509ExtensionUtils().createAuthorityKeyIdentifier(ca));
        if (!hosts.isEmpty()) {
            List<GeneralName> names = new ArrayList<>();
            for (String h : hosts) {
                names.add(isAddress(h) ? new GeneralName(GeneralName.iPAddress, h) : new GeneralName(GeneralName.dNSName, h));
            }
            b.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(names.toArray(GeneralName[]::new)));
        }
        return sign(b, caKey);
    }

    private static boolean isAddress(String host) {
        if (!host.matches("[0-9.]+") && !host.contains(":")) {
            return false;
        }
        try {
            InetAddress.getByName(host);
            return true;
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private static X509Certificate sign(X509v3CertificateBuilder b, PrivateKey key) throws OperatorCreationException,
            GeneralSecurityException {
        return new JcaX509CertificateConverter().getCertificate(b.build(new JcaContentSignerBuilder("SHA256withECDSA").build(key)));
    }

    private static BigInteger serial() {
        return new BigInteger(64, new SecureRandom());
    }
}
