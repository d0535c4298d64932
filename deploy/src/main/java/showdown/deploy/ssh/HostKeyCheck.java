package showdown.deploy.ssh;

import java.net.SocketAddress;
import java.nio.file.Path;
import java.security.PublicKey;
import org.apache.sshd.client.config.hosts.KnownHostEntry;
import org.apache.sshd.client.keyverifier.AcceptAllServerKeyVerifier;
import org.apache.sshd.client.keyverifier.KnownHostsServerKeyVerifier;
import org.apache.sshd.client.keyverifier.RejectAllServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.AttributeRepository.AttributeKey;
import org.apache.sshd.common.config.keys.KeyUtils;

/**
 * A host's key must be the one in known_hosts. A host not in the file is refused, or with
 * {@code acceptNew} trusted and added to the file (as OpenSSH's {@code StrictHostKeyChecking=accept-new});
 * a host whose key changed is always refused. The reason of a refusal stays on the session, so the
 * login's failure can say it in one line.
 */
final class HostKeyCheck extends KnownHostsServerKeyVerifier {

    /** Why the host's key was refused, on the session whose key it was. */
    static final AttributeKey<String> REFUSAL = new AttributeKey<>();

    private final Path file;
    private final boolean acceptNew;

    HostKeyCheck(Path file, boolean acceptNew) {
        super(acceptNew ? AcceptAllServerKeyVerifier.INSTANCE : RejectAllServerKeyVerifier.INSTANCE, file);
        this.file = file;
        this.acceptNew = acceptNew;
    }

    @Override
    protected boolean acceptUnknownHostKey(ClientSession session, SocketAddress remote, PublicKey serverKey) {
        if (!acceptNew) {
            session.setAttribute(REFUSAL, "its host key (" + KeyUtils.getFingerPrint(serverKey) + ") is not in " + file
                    + " (add it with ssh-keyscan, or accept new hosts' keys)");
        }
        return super.acceptUnknownHostKey(session, remote, serverKey);
    }

    @Override
    public boolean acceptModifiedServerKey(ClientSession session, SocketAddress remote, KnownHostEntry entry,
            PublicKey expected, PublicKey actual) {
        session.setAttribute(REFUSAL, "its host key changed: " + file + " has " + KeyUtils.getFingerPrint(expected)
                + ", the host shows " + KeyUtils.getFingerPrint(actual));
        return false;
    }
}
