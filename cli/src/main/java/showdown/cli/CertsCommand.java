package showdown.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import showdown.hosts.tls.RunCertificates;

/** {@code showdown certs --out DIR}: a run's CA and the controller's and agents' certificates. */
final class CertsCommand extends Command {

    private Path out;
    private final List<String> hosts = new ArrayList<>();

    CertsCommand() {
        super("certs", "Makes a multi-host run's certificates: its CA, the controller's and the agents'.",
                "DIR gets ca.pem, ca-key.pem, controller.pem, controller-key.pem, agent.pem, agent-key.pem (EC P-256, PEM).",
                "The agents get ca.pem, agent.pem and agent-key.pem; ca-key.pem stays with the controller.");
    }

    @Override
    void declare(Options o) {
        o.value("--out", "DIR", "Where the files go (created; must not hold a CA yet).", v -> out = Options.toPath("--out", v))
                .value("--hosts", "HOST,...", "The agents' host names or addresses, put into their certificate.",
                        v -> hosts.addAll(Options.items(v)));
    }

    @Override
    int call(List<String> args) {
        if (out == null) {
            throw new UsageException("--out DIR is required");
        }
        if (Files.exists(out.resolve(RunCertificates.CA))) {
            throw new UserException(out + " already holds a CA (" + RunCertificates.CA + "); give another --out");
        }
        RunCertificates.create(out, hosts);
        System.out.println(out);
        return 0;
    }
}
