package showdown.hosts.tls;

import java.security.cert.CertificateException;

/** A peer's certificate chains to the run's CA but carries the other end's role (a load host's own pair, say). */
public final class WrongRoleException extends CertificateException {

    WrongRoleException(String why) {
        super("the peer's certificate has the wrong role: " + why);
    }
}
