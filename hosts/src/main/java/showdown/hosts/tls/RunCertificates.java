package showdown.hosts.tls;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
import java.util.Optional;
import showdown.contract.AgentFiles;
import showdown.harness.targets.PemFiles;
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
 * A run's certificates ({@code showdown certs --out DIR}): a CA made for the run, the controller's
 * certificate, and one certificate for each agent host, all signed by that CA. EC P-256, PEM,
 * keys in unencrypted PKCS#8 readable by the owner only.
 *
 * <p>What each file lets its holder do is its {@link CertificateRole}: {@code controller.pem}
 * drives agents; an agent's {@code agent.pem} (TLS server only) answers a controller and nothing
 * else, so a load host, which must hold its own key, cannot drive any agent. {@code ca-key.pem}
 * makes certificates of either role and never leaves the controller.
 *
 * <p>Layout: {@code DIR/ca.pem}, {@code ca-key.pem}, {@code controller.pem},
 * {@code controller-key.pem}, and for each agent host {@code DIR/agents/HOST/} holding exactly
 * what that host needs: {@code ca.pem}, {@code agent.pem}, {@code agent-key.pem}.
 */
public final class RunCertificates {

    public static final String CA = AgentFiles.CA;
    public static final String CA_KEY = "ca-key.pem";
    public static final String CONTROLLER = "controller.pem";
    public static final String CONTROLLER_KEY = "controller-key.pem";
    public static final String AGENT = AgentFiles.CERT;
    public static final String AGENT_KEY = AgentFiles.KEY;
    /** The folder under DIR that holds one folder per agent host. */
    public static final String AGENTS = "agents";

    /** Long enough for a long run and its resume; short, since a run's CA should not outlive it by much. */
    static final Duration VALIDITY = Duration.ofDays(7);
    /** RFC 5280's upper bound on a common name. */
    private static final int MAX_COMMON_NAME = 64;
    /** A host whose clock is a little behind must still accept the certificates. */
    static final Duration BACKDATE = Duration.ofHours(1);

    private RunCertificates() {
    }

    /**
     * Makes a fresh CA, the controller's certificate and one agent certificate per host into
     * {@code dir} (created when missing).
     *
     * @param agentHosts host names or addresses; each gets {@code agents/HOST/}, its certificate
     *                   naming the host in its subject alternative names
     */
    public static void create(Path dir, List<String> agentHosts) {
        try {
            Files.createDirectories(dir);
            KeyPair caKeys = keyPair();
            X509Certificate ca = caCertificate(caKeys);
            KeyPair controllerKeys = keyPair();
            X509Certificate controller = leaf("CN=showdown controller, O=Showdown", CertificateRole.CONTROLLER.usages(),
                    controllerKeys, ca, caKeys.getPrivate(), List.of());
            write(dir, CA, CA_KEY, ca, caKeys.getPrivate());
            write(dir, CONTROLLER, CONTROLLER_KEY, controller, controllerKeys.getPrivate());
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IllegalStateException("cannot make the run's certificates: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the run's certificates into " + dir, e);
        }
        for (String host : agentHosts) {
            agentFolder(dir, host);
        }
    }

    /**
     * The folder of {@code host}'s agent files in a run's certificate directory, made (signed with
     * {@code ca-key.pem}) when the directory has none for it yet.
     *
     * @throws TlsSetupException in one line when it is missing and {@code dir} holds no CA key to make it
     */
    public static Path agentFolder(Path dir, String host) {
        Path folder = dir.resolve(AGENTS).resolve(folderName(host));
        if (Files.isRegularFile(folder.resolve(AGENT)) && Files.isRegularFile(folder.resolve(AGENT_KEY))) {
            return folder;
        }
        if (!Files.isRegularFile(dir.resolve(CA_KEY))) {
            throw new TlsSetupException(dir + " holds no certificate for agent host " + host + " and no " + CA_KEY
                    + " to make one ('showdown certs --out " + dir + " --hosts " + host + "' where the CA's key is)");
        }
        try {
            Files.createDirectories(folder);
            Files.copy(dir.resolve(CA), folder.resolve(CA), StandardCopyOption.REPLACE_EXISTING);
            issue(dir, folder, "CN=" + agentCommonName(host) + ", O=Showdown", CertificateRole.AGENT.usages(), List.of(host));
            return folder;
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IllegalStateException("cannot make the certificate of agent host " + host + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the certificate of agent host " + host + " into " + folder, e);
        }
    }

    /**
     * The subject's common name of {@code host}'s certificate, within RFC 5280's 64 characters: a
     * long name (a pod's, {@code POD.SERVICE.NS.svc}) is shortened to its first label. The host's
     * full name is in the subject alternative names, which is what names it.
     */
    static String agentCommonName(String host) {
        String name = "showdown agent " + host;
        if (name.length() <= MAX_COMMON_NAME) {
            return name;
        }
        int dot = host.indexOf('.');
        String first = "showdown agent " + (dot > 0 ? host.substring(0, dot) : host);
        return first.substring(0, Math.min(first.length(), MAX_COMMON_NAME));
    }

    /**
     * The folder of {@code host}'s agent files in {@code dir} when it holds that host's
     * certificate ({@code agents/HOST/agent.pem}); empty when it does not. Nothing is made.
     */
    public static Optional<Path> heldAgentFolder(Path dir, String host) {
        Path folder = dir.resolve(AGENTS).resolve(folderName(host));
        return Files.isRegularFile(folder.resolve(AGENT)) ? Optional.of(folder) : Optional.empty();
    }

    /**
     * The certificate in an agent's folder ({@link #agentFolder}): the one that agent, once started
     * with the folder, must present to the controller.
     *
     * @throws TlsSetupException in one line when the folder holds no readable certificate
     */
    public static X509Certificate agentCertificate(Path folder) {
        Path file = folder.resolve(AGENT);
        try {
            return PemReader.certificate(file);
        } catch (IOException | GeneralSecurityException e) {
            throw new TlsSetupException("cannot read the agent certificate " + file + ": " + e.getMessage());
        }
    }

    /**
     * Signs a certificate with the run's CA ({@code dir}'s {@code ca.pem} and {@code ca-key.pem})
     * and writes it as {@code agent.pem} and {@code agent-key.pem} into {@code folder}. Tests make
     * certificates of other usages with it.
     */
    static void issue(Path dir, Path folder, String subject, KeyPurposeId[] usages, List<String> hosts)
            throws IOException, GeneralSecurityException, OperatorCreationException {
        X509Certificate ca = PemReader.certificate(dir.resolve(CA));
        PrivateKey caKey = PemReader.privateKey(dir.resolve(CA_KEY));
        KeyPair keys = keyPair();
        write(folder, AGENT, AGENT_KEY, leaf(subject, usages, keys, ca, caKey, hosts), keys.getPrivate());
    }

    /** The host as a folder name: letters, digits, '.', '-' and '_' kept, anything else (an IPv6 ':') as '_'. */
    static String folderName(String host) {
        if (host.isBlank()) {
            throw new TlsSetupException("an agent host's name is empty");
        }
        return host.replaceAll("[^A-Za-z0-9._-]", "_");
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

    private static X509Certificate leaf(String subject, KeyPurposeId[] usages, KeyPair keys, X509Certificate ca,
                                        PrivateKey caKey, List<String> hosts) throws GeneralSecurityException, OperatorCreationException,
            IOException {
        Instant now = Instant.now();
        X509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(ca, serial(), Date.from(now.minus(BACKDATE)),
                Date.from(now.plus(VALIDITY)), new X500Name(subject), keys.getPublic());
        b.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
        b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature));
        // the role is what the peer checks: whom an agent obeys is decided here, not by the CA alone
        b.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(usages));
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
