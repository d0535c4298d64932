package showdown.deploy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import showdown.contract.AgentFiles;

/**
 * The three PEM files an agent needs from a run's certificate directory ({@code showdown certs}): the
 * run's CA certificate, the agent's certificate and its PKCS#8 key. The CA's own key never leaves the
 * controller, so it is not here.
 */
public record AgentCertificates(Path ca, Path cert, Path key) {

    /** The agent's files in a run's certificate directory; each must exist and be readable. */
    public static AgentCertificates in(Path dir) {
        AgentCertificates certificates = new AgentCertificates(dir.resolve(AgentFiles.CA), dir.resolve(AgentFiles.CERT),
                dir.resolve(AgentFiles.KEY));
        for (Path file : certificates.files()) {
            if (!Files.isReadable(file)) {
                throw new DeployException("no readable " + file.getFileName() + " in " + dir
                        + " (make the run's certificates with 'showdown certs --out " + dir + "')");
            }
        }
        return certificates;
    }

    /** The files in the order CA, certificate, key. */
    public List<Path> files() {
        return List.of(ca, cert, key);
    }
}
