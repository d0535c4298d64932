package showdown.deploy.ssh;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import showdown.contract.AgentFlags;
import showdown.deploy.AgentCertificates;
import showdown.deploy.AgentOptions;
import showdown.deploy.DeployException;

/**
 * The controller's side of the SSH test, run in its own network namespace (the test's JVM cannot reach
 * a namespace's address): starts one agent, prints {@code started PID DIR DIAL}, and on the line
 * {@code close} from stdin stops it and prints {@code closed}. A deployment error prints
 * {@code error: MESSAGE} and exits 2.
 *
 * <p>Arguments: ADDRESS IDENTITY KNOWN_HOSTS strict|accept-new CERT_DIR PROGRAM where PROGRAM is
 * {@code script:FILE} (run with sh) or {@code java:COMMAND} (showdown's jar, CERT_DIR/ca.pem standing in for it).
 */
public final class SshProbe {

    private SshProbe() {
    }

    public static void main(String[] args) throws Exception {
        SshAddress address = SshAddress.parse(args[0]);
        SshSettings settings = SshSettings.defaults().withIdentities(List.of(Path.of(args[1])))
                .withKnownHosts(Path.of(args[2]), args[3].equals("accept-new"));
        Path certDir = Path.of(args[4]);
        AgentProgram program = args[5].startsWith("script:")
                ? AgentProgram.command(List.of(Path.of(args[5].substring(7))),
                        List.of("sh", Path.of(args[5].substring(7)).getFileName().toString()))
                : AgentProgram.showdownJar(certDir.resolve("ca.pem"), args[5].substring(5));
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        try (SshDeployer deployer = new SshDeployer(settings)) {
            SshAgent agent = deployer.start(address, program, AgentCertificates.in(certDir),
                    AgentOptions.load(AgentFlags.DEFAULT_PORT, List.of("192.0.2.1:8080")));
            System.out.println("started " + agent.pid() + " " + agent.remoteDir() + " " + agent.dialAddress());
            System.out.flush();
            String line;
            while ((line = in.readLine()) != null && !line.equals("close")) {
                // the test says when
            }
            agent.close();
            System.out.println("closed");
        } catch (DeployException e) {
            System.out.println("error: " + e.getMessage());
            System.out.flush();
            System.exit(2);
        }
        System.out.flush();
        if (!Files.exists(certDir)) {
            System.exit(1);
        }
    }
}
