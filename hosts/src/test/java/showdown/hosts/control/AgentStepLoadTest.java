package showdown.hosts.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import showdown.harness.results.Interference;

/** When a search step on the load agents counts as disturbed, and what its step line says then. */
class AgentStepLoadTest {

    private static AgentLoad.Share share(String name, Interference host, boolean lost) {
        return new AgentLoad.Share(name, "127.0.0.1", 0.5, lost ? 0 : 100, lost ? 0 : 0.5, 0.1, 0, 0, null, lost, host, 0);
    }

    @Test
    void aStepWithQuietLoadHostsIsUndisturbed() {
        Interference quiet = new Interference(0.02, 0, false, 0.05);
        assertThat(AgentStepLoad.disturbance(new AgentLoad.Outcome(null,
                List.of(share("load-1", quiet, false), share("load-2", null, false)), 0))).isNull();
    }

    @Test
    void aLoadHostPastTheRuleMarksTheStepAndSaysWhy() {
        Interference quiet = new Interference(0.02, 0, false, 0.05);
        Interference busy = new Interference(0.34, 0, true, 0.4);
        assertThat(AgentStepLoad.disturbance(new AgentLoad.Outcome(null,
                List.of(share("load-1", quiet, false), share("load-2", busy, false)), 0)))
                .isEqualTo("on a load host: other processes used 34 % of the measured CPUs;"
                        + " other processes used 40 % of them in one slice");
    }

    @Test
    void aStepMissingALostAgentsShareIsMeasuredAgain() {
        assertThat(AgentStepLoad.disturbance(new AgentLoad.Outcome(null,
                List.of(share("load-1", null, false), share("load-2", null, true)), 0.5)))
                .isEqualTo("50 % of the load was lost with its agent");
    }
}
