package showdown.hosts;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import showdown.contract.AgentRole;
import showdown.hosts.agent.Agent;
import showdown.hosts.agent.AgentConfig;
import showdown.hosts.tls.ChannelTls;

/** A server agent on 127.0.0.1 in a process of its own, for tests that kill it. Arguments: HOME AGENT_CERT_FOLDER. */
public final class AgentProcessMain {

    private AgentProcessMain() {
    }

    public static void main(String[] args) throws Exception {
        AgentConfig config = new AgentConfig(AgentRole.SERVER, "127.0.0.1", 0, ChannelTls.agent(Path.of(args[1])), List.of(),
                Duration.ofSeconds(30), Path.of(args[0]), Clock.system(), System.out, AgentConfig.Runs.ONE);
        System.exit(new Agent(config).serve().code);
    }
}
