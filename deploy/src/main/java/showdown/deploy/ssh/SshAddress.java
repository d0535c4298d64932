package showdown.deploy.ssh;

import java.net.URI;
import java.net.URISyntaxException;
import showdown.deploy.DeployException;

/** A host reached over SSH, written {@code ssh://user@host[:port]} (the port defaults to 22). */
public record SshAddress(String user, String host, int port) {

    public static final int DEFAULT_PORT = 22;

    public static SshAddress parse(String text) {
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            throw new DeployException("'" + text + "' is not ssh://user@host[:port]");
        }
        if (!"ssh".equals(uri.getScheme()) || uri.getHost() == null || uri.getUserInfo() == null
                || uri.getUserInfo().isEmpty() || !(uri.getPath() == null || uri.getPath().isEmpty()
                        || uri.getPath().equals("/"))) {
            throw new DeployException("'" + text + "' is not ssh://user@host[:port]");
        }
        String host = uri.getHost();
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        return new SshAddress(uri.getUserInfo(), host, uri.getPort() == -1 ? DEFAULT_PORT : uri.getPort());
    }

    @Override
    public String toString() {
        String h = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
        return "ssh://" + user + "@" + h + (port == DEFAULT_PORT ? "" : ":" + port);
    }
}
