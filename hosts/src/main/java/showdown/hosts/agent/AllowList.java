package showdown.hosts.agent;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Optional;

/**
 * The server addresses a load agent may load, fixed when it starts ({@code --allow}): an entry
 * {@code HOST} allows every port of that host, {@code HOST:PORT} that port only. Names are
 * compared after resolving both sides, so a plan cannot reach another host by a second name.
 * An empty list allows nothing: an agent is never an open relay.
 */
public record AllowList(List<String> entries) {

    public AllowList {
        entries = List.copyOf(entries);
    }

    /** Why {@code url} may not be loaded, or empty when it may. */
    public Optional<String> refusal(URI url) {
        int port = url.getPort() >= 0 ? url.getPort() : "https".equalsIgnoreCase(url.getScheme()) ? 443 : 80;
        String host = url.getHost();
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        for (String entry : entries) {
            String[] hp = split(entry);
            if (sameHost(hp[0], host) && (hp[1] == null || hp[1].equals(Integer.toString(port)))) {
                return Optional.empty();
            }
        }
        return Optional.of(host + ":" + port + " is not in this agent's --allow list " + (entries.isEmpty() ? "(empty)"
                : String.join(" ", entries)));
    }

    private static String[] split(String entry) {
        int colon = entry.lastIndexOf(':');
        if (colon > 0 && entry.indexOf(':') == colon) {
            return new String[] {entry.substring(0, colon), entry.substring(colon + 1)};
        }
        if (entry.startsWith("[") && entry.contains("]:")) {
            int end = entry.indexOf("]:");
            return new String[] {entry.substring(1, end), entry.substring(end + 2)};
        }
        return new String[] {entry, null};
    }

    private static boolean sameHost(String a, String b) {
        if (a.equalsIgnoreCase(b)) {
            return true;
        }
        try {
            return InetAddress.getByName(a).equals(InetAddress.getByName(b));
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
