package showdown.harness.targets;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SelfSignedCertificateTest {

    @TempDir
    Path dir;

    @Test
    void theFilesParseBackWithTheJdkAndTheKeyMatchesTheCertificate() throws Exception {
        SelfSignedCertificate files = SelfSignedCertificate.create(dir.resolve("run"));
        assertThat(files.exists()).isTrue();

        X509Certificate cert;
        try (InputStream in = Files.newInputStream(files.certFile())) {
            cert = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
        cert.checkValidity(new Date());
        cert.verify(cert.getPublicKey()); // self-signed
        assertThat(cert.getSigAlgName()).isEqualTo("SHA256withECDSA");
        assertThat(((ECPublicKey) cert.getPublicKey()).getParams().getCurve().getField().getFieldSize()).isEqualTo(256);
        assertThat(cert.getSubjectAlternativeNames()).containsExactlyInAnyOrder(List.of(2, "localhost"), List.of(7, "127.0.0.1"));

        String keyPem = Files.readString(files.keyFile());
        assertThat(keyPem).startsWith("-----BEGIN PRIVATE KEY-----").doesNotContain("ENCRYPTED");
        String base64 = keyPem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        PrivateKey key = KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(base64)));

        byte[] message = "showdown".getBytes();
        Signature signer = Signature.getInstance("SHA256withECDSA");
        signer.initSign(key);
        signer.update(message);
        byte[] signature = signer.sign();
        Signature checker = Signature.getInstance("SHA256withECDSA");
        checker.initVerify(cert);
        checker.update(message);
        assertThat(checker.verify(signature)).isTrue();
    }

    @Test
    void eachCallMakesAFreshKey() throws Exception {
        SelfSignedCertificate a = SelfSignedCertificate.create(dir.resolve("a"));
        SelfSignedCertificate b = SelfSignedCertificate.create(dir.resolve("b"));
        assertThat(Files.readString(a.keyFile())).isNotEqualTo(Files.readString(b.keyFile()));
    }
}
