package showdown.harness.targets;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
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
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * The run's one server certificate for targets that serve TLS (docs/targets.md, "Protocols"):
 * ECDSA P-256, self-signed, for {@code DNS:localhost} and {@code IP:127.0.0.1}, valid for a few
 * days, written as PEM beside the run ({@value #CERT_FILE}, and the key as unencrypted PKCS#8 in
 * {@value #KEY_FILE}, which every TLS stack reads). The load engine does not verify it (as wrk and
 * h2load); {@code verify} trusts exactly this certificate.
 *
 * @param certFile the certificate, {@code -----BEGIN CERTIFICATE-----}
 * @param keyFile  its private key, {@code -----BEGIN PRIVATE KEY-----}
 */
public record SelfSignedCertificate(Path certFile, Path keyFile) {

    public static final String CERT_FILE = "tls-cert.pem";
    public static final String KEY_FILE = "tls-key.pem";
    /** Long enough for the longest run and a resume the next day; short, since anyone may read the key. */
    static final Duration VALIDITY = Duration.ofDays(4);
    /** A clock a little behind ours must still accept it. */
    static final Duration BACKDATE = Duration.ofHours(1);

    /** Makes a fresh key and certificate and writes both into {@code dir} (created when missing). */
    public static SelfSignedCertificate create(Path dir) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"), new SecureRandom());
            KeyPair keys = generator.generateKeyPair();
            X509Certificate cert = sign(keys);
            Files.createDirectories(dir);
            SelfSignedCertificate files = new SelfSignedCertificate(dir.resolve(CERT_FILE), dir.resolve(KEY_FILE));
            Files.writeString(files.certFile, PemFiles.pem(cert), StandardCharsets.US_ASCII);
            PemFiles.writePrivate(files.keyFile, PemFiles.pem(new JcaPKCS8Generator(keys.getPrivate(), null)));
            return files;
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IllegalStateException("cannot make the run's TLS certificate: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the run's TLS certificate into " + dir, e);
        }
    }

    /**
     * A fresh pair in a new temporary folder, removed when the JVM exits: for {@code verify} and
     * {@code serve}, which have no run folder.
     */
    public static SelfSignedCertificate temporary() {
        Path dir;
        try {
            dir = Files.createTempDirectory("showdown-tls-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a temporary folder for the TLS certificate", e);
        }
        dir.toFile().deleteOnExit(); // registered first, so deleted last, once the files are gone
        SelfSignedCertificate files = create(dir);
        files.certFile.toFile().deleteOnExit();
        files.keyFile.toFile().deleteOnExit();
        return files;
    }

    /** An existing pair (a resumed run keeps its certificate when it is still there). */
    public static SelfSignedCertificate in(Path dir) {
        return new SelfSignedCertificate(dir.resolve(CERT_FILE), dir.resolve(KEY_FILE));
    }

    public boolean exists() {
        return Files.isRegularFile(certFile) && Files.isRegularFile(keyFile);
    }

    /** Whether both files are there and were made recently enough to outlast another day of running. */
    public boolean usable() {
        try {
            return exists() && Files.getLastModifiedTime(certFile).toInstant()
                    .isAfter(Instant.now().minus(VALIDITY).plus(Duration.ofDays(1)));
        } catch (IOException e) {
            return false;
        }
    }

    /** The pair in {@code dir} when it is {@link #usable()}, else a fresh one written there. */
    public static SelfSignedCertificate reuseOrCreate(Path dir) {
        SelfSignedCertificate existing = in(dir);
        return existing.usable() ? existing : create(dir);
    }

    private static X509Certificate sign(KeyPair keys) throws OperatorCreationException, GeneralSecurityException,
            IOException {
        Instant now = Instant.now();
        X500Name subject = new X500Name("CN=localhost, O=Showdown");
        X509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(subject, new BigInteger(64, new SecureRandom()),
                Date.from(now.minus(BACKDATE)), Date.from(now.plus(VALIDITY)), subject, keys.getPublic());
        b.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
                new GeneralName(GeneralName.dNSName, "localhost"),
                new GeneralName(GeneralName.iPAddress, "127.0.0.1")}));
        b.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
        b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature));
        b.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
        var signer = new JcaContentSignerBuilder("SHA256withECDSA").build(keys.getPrivate());
        return new JcaX509CertificateConverter().getCertificate(b.build(signer));
    }
}
