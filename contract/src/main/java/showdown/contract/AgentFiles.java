package showdown.contract;

/**
 * The files of one agent's certificate folder ({@code agents/HOST/} of {@code showdown certs}),
 * as the agent is given them ({@code --ca}, {@code --cert}, {@code --key}) wherever it runs.
 */
public final class AgentFiles {

    /** The run's CA certificate. */
    public static final String CA = "ca.pem";
    /** This agent's certificate: TLS server use only. */
    public static final String CERT = "agent.pem";
    /** Its PKCS#8 key, readable by its owner only. */
    public static final String KEY = "agent-key.pem";

    private AgentFiles() {
    }
}
