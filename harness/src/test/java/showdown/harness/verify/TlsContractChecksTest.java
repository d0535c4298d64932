package showdown.harness.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.harness.targets.Protocol;
import showdown.harness.targets.SelfSignedCertificate;

/** The contract over each declared protocol: in-test servers, cleartext and TLS, with the run's certificate. */
class TlsContractChecksTest {

    @TempDir
    Path dir;

    /** A server-side context for the certificate, as a target builds one from TLS_CERT and TLS_KEY. */
    static SSLContext serverContext(SelfSignedCertificate files) throws Exception {
        Certificate cert;
        try (var in = Files.newInputStream(files.certFile())) {
            cert = CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
        String base64 = Files.readString(files.keyFile()).replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        PrivateKey key = KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(base64)));
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry("server", key, new char[0], new Certificate[] {cert});
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(store, new char[0]);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keys.getKeyManagers(), null, null);
        return context;
    }

    @Test
    void theWholeContractIsCheckedOverH1Tls() throws Exception {
        SelfSignedCertificate cert = SelfSignedCertificate.create(dir);
        try (ContractServer plain = ContractServer.start();
             ContractServer tls = new ContractServer(Set.of(), 0, serverContext(cert))) {
            List<CheckResult> results = ContractChecks.runOver("127.0.0.1", plain.port(), tls.port(), cert.certFile(),
                    "/plaintext", ContractChecksTest.ALL_DECLARED, Set.copyOf(Scenarios.ALL), 1,
                    EnumSet.of(Protocol.H1, Protocol.H1_TLS), EnumSet.allOf(Protocol.class));

            List<CheckResult> overTls = results.stream().filter(r -> r.scenario().endsWith(" over h1-tls")).toList();
            int perProtocol = Scenarios.ALL.stream().mapToInt(s -> ContractChecks.names(s).size()).sum();
            assertThat(overTls).hasSize(perProtocol);
            assertThat(overTls).allSatisfy(r -> assertThat(r.outcome()).as(r.check() + ": " + r.detail())
                    .isIn(r.check().equals("Date changes every second") ? Set.of(Outcome.PASS, Outcome.WARN) : Set.of(Outcome.PASS)));
            assertThat(results).filteredOn(r -> r.scenario().equals("h2c")).singleElement()
                    .satisfies(r -> assertThat(r.detail()).startsWith("not offered"));
            assertThat(results).filteredOn(r -> r.scenario().equals("h2-tls")).singleElement()
                    .satisfies(r -> assertThat(r.detail()).startsWith("not offered"));
            assertThat(results).noneMatch(r -> r.outcome() == Outcome.FAIL);
        }
    }

    @Test
    void aServerWithAnotherCertificateFailsOverTls() throws Exception {
        SelfSignedCertificate run = SelfSignedCertificate.create(dir.resolve("run"));
        SelfSignedCertificate other = SelfSignedCertificate.create(dir.resolve("other"));
        try (ContractServer tls = new ContractServer(Set.of(), 0, serverContext(other))) {
            List<CheckResult> results = ContractChecks.runOver("127.0.0.1", 1, tls.port(), run.certFile(), "/plaintext",
                    ContractChecksTest.ALL_DECLARED, Set.of(Scenarios.MIST), 1, EnumSet.of(Protocol.H1, Protocol.H1_TLS),
                    EnumSet.of(Protocol.H1_TLS));
            assertThat(results).isNotEmpty().allMatch(r -> r.outcome() == Outcome.FAIL);
        }
    }
}
