package showdown.contract;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one line an agent prints when it is ready: {@code showdown agent: listening on HOST:PORT (role
 * ROLE)}. HOST may be a bracketed IPv6 address. The agent prints {@link #toString()}; whatever
 * started it reads it back with {@link #parse}.
 */
public record ListeningLine(String host, int port, String role) {

    /** The line the agent prints. */
    @Override
    public String toString() {
        return "showdown agent: listening on " + bracketed(host) + ":" + port + " (role " + role + ")";
    }

    private static final Pattern LINE =
            Pattern.compile("^showdown agent: listening on (\\[[^\\]]+\\]|[^\\s:]+):(\\d{1,5}) \\(role (\\w+)\\)\\s*$");

    /** The line parsed, or empty when {@code line} is any other output. */
    public static Optional<ListeningLine> parse(String line) {
        Matcher m = LINE.matcher(line);
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(new ListeningLine(m.group(1), Integer.parseInt(m.group(2)), m.group(3)));
    }

    /** True when the agent listens on every address of its host, so it is reached by the host's name. */
    public boolean wildcard() {
        return host.equals("0.0.0.0") || host.equals("[::]") || host.equals("::") || host.equals("*");
    }

    /** {@code HOST:PORT} to dial: {@code reachedAs} when the agent listens on every address. */
    public String dialAddress(String reachedAs) {
        return bracketed(wildcard() ? reachedAs : host) + ":" + port;
    }

    /** An IPv6 address in brackets, as HOST:PORT needs it; any other host as it is. */
    private static String bracketed(String host) {
        return host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
    }
}
