package showdown.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import showdown.hosts.tls.RunCertificates;

/**
 * {@code showdown certs --out DIR --hosts HOST,...}: a run's CA, the controller's certificate and
 * one agent certificate per host; on a folder that already holds a CA, certificates for the hosts
 * that have none yet.
 */
final class CertsCommand extends Command {

    private Path out;
    private final List<String> hosts = new ArrayList<>();

    CertsCommand() {
        super("certs", "Makes a multi-host run's certificates: its CA, the controller's and one per agent host.",
                "DIR gets ca.pem, ca-key.pem, controller.pem, controller-key.pem (EC P-256, PEM), and for each host",
                "agents/HOST/ with ca.pem, agent.pem, agent-key.pem: copy that folder, and only it, to HOST.",
                "An agent obeys only controller.pem's role; an agent's own pair drives nothing. ca-key.pem stays",
                "with the controller. On a DIR that holds a CA already, --hosts adds the hosts it lacks.");
    }

    @Override
    void declare(Options o) {
        o.value("--out", "DIR", "Where the files go (created when missing).", v -> out = Options.toPath("--out", v))
                .value("--hosts", "HOST,...", "The agents' host names or addresses: one certificate each, naming it.",
                        v -> hosts.addAll(Options.items(v)));
    }

    @Override
    int call(List<String> args) {
        if (out == null) {
            throw new UsageException("--out DIR is required");
        }
        if (!Files.exists(out.resolve(RunCertificates.CA))) {
            RunCertificates.create(out, hosts);
        } else if (hosts.isEmpty()) {
            throw new UserException(out + " already holds a CA (" + RunCertificates.CA + "); give another --out, or"
                    + " --hosts to add agent hosts to it");
        }
        for (String host : hosts) {
            System.out.println(RunCertificates.agentFolder(out, host));
        }
        System.out.println(out);
        return 0;
    }
}
