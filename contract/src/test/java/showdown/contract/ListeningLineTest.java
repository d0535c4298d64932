package showdown.contract;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The line an agent prints is the line its starters parse: one format, written once. */
class ListeningLineTest {

    @Test
    void whatTheAgentPrintsParsesBackWithItsRole() {
        ListeningLine printed = new ListeningLine("0.0.0.0", AgentFlags.DEFAULT_PORT, AgentRole.LOAD.id());
        assertThat(printed.toString()).isEqualTo("showdown agent: listening on 0.0.0.0:7700 (role load)");
        assertThat(ListeningLine.parse(printed.toString())).contains(printed);
        assertThat(printed.dialAddress("10.0.0.6")).isEqualTo("10.0.0.6:7700");
    }

    @Test
    void anIpv6HostIsPrintedInBracketsAndDialledSo() {
        String line = new ListeningLine("fd00::7", 7701, AgentRole.SERVER.id()).toString();
        assertThat(line).isEqualTo("showdown agent: listening on [fd00::7]:7701 (role server)");
        ListeningLine parsed = ListeningLine.parse(line).orElseThrow();
        assertThat(parsed.dialAddress("ignored")).isEqualTo("[fd00::7]:7701");
        assertThat(AgentRole.parse(parsed.role())).isEqualTo(AgentRole.SERVER);
    }

    @Test
    void otherOutputIsNotAListeningLine() {
        assertThat(ListeningLine.parse("showdown agent: refused a peer at 10.0.0.1:5000: it sent nothing")).isEmpty();
        assertThat(AgentRole.parse("controller")).isNull();
    }
}
