package showdown.hosts.tls;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;

/** Reads the run's PEM files: a certificate, or a PKCS#8 key. A file that is neither is one line for the user. */
final class PemReader {

    private PemReader() {
    }

    static X509Certificate certificate(Path file) throws IOException, GeneralSecurityException {
        Object o = readPem(file);
        if (!(o instanceof X509CertificateHolder holder)) {
            throw new TlsSetupException(file + " holds no PEM certificate");
        }
        return new JcaX509CertificateConverter().getCertificate(holder);
    }

    static PrivateKey privateKey(Path file) throws IOException {
        Object o = readPem(file);
        if (!(o instanceof PrivateKeyInfo info)) {
            throw new TlsSetupException(file + " holds no PKCS#8 private key (-----BEGIN PRIVATE KEY-----)");
        }
        return new JcaPEMKeyConverter().getPrivateKey(info);
    }

    private static Object readPem(Path file) throws IOException {
        try (Reader r = Files.newBufferedReader(file); PEMParser parser = new PEMParser(r)) {
            Object o = parser.readObject();
            if (o == null) {
                throw new TlsSetupException(file + " holds no PEM object");
            }
            return o;
        } catch (NoSuchFileException e) {
            throw new TlsSetupException("no such file: " + file);
        }
    }
}
