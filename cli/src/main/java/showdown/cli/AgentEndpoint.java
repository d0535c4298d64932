package showdown.cli;

/**
 * Where the controller dials a started agent, from the {@code HOST:PORT} (or {@code [IPV6]:PORT})
 * a deployer reports.
 */
record AgentEndpoint(String host, int port) {

    static AgentEndpoint parse(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        String host = hostPort.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        return new AgentEndpoint(host, Integer.parseInt(hostPort.substring(colon + 1)));
    }
}
