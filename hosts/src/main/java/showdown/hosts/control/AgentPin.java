package showdown.hosts.control;

import java.security.cert.X509Certificate;

/**
 * The one certificate an agent must present, and where the controller got it, for the refusal
 * line: every agent certificate of a run is signed by the same CA, so without a pin one agent's
 * pair could answer for another host.
 *
 * @param certificate the agent's own certificate
 * @param givenAs     what it is, as the refusal names it: "the one its launcher gave it",
 *                    "agents/HOST/agent.pem of the certificate folder"
 */
public record AgentPin(X509Certificate certificate, String givenAs) {

    /** The certificate a launcher gave the agent it started. */
    public static AgentPin launched(X509Certificate certificate) {
        return new AgentPin(certificate, "the one its launcher gave it");
    }

    /** The certificate the controller's folder holds for an {@code agent://} host. */
    public static AgentPin fromFolder(X509Certificate certificate, String host) {
        return new AgentPin(certificate, "agents/" + host + "/agent.pem of the certificate folder");
    }

    boolean matches(X509Certificate presented) {
        return certificate.equals(presented);
    }
}
