package showdown.harness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import showdown.harness.results.Environment;

class EnvironmentProbeTest {

    @Test
    void theBuildStampsShowdownsVersion() {
        assertThat(EnvironmentProbe.showdownVersion()).matches("[0-9]+\\.[0-9]+\\.[0-9]+.*");
    }

    @Test
    void aToolsVersionIsItsFirstDottedNumber() {
        String git = EnvironmentProbe.toolVersion("git");
        assumeTrue(git != null, "git is not installed");
        assertThat(git).matches("[0-9]+(\\.[0-9]+)+");
        assertThat(EnvironmentProbe.toolVersion("showdown-no-such-tool")).isNull();
    }

    @Test
    void theEnvironmentCarriesTheMachinesFacts() {
        Environment e = EnvironmentProbe.collect(Path.of("."), List.of("showdown", "run"),
                CpuSplit.halves(List.of(0, 1)));
        MachineInfo m = MachineInfo.ofThisMachine();
        assertThat(e.cpuset()).isEqualTo(m.cpuset());
        assertThat(e.governor()).isEqualTo(m.governor());
        assertThat(e.cores()).isEqualTo(m.cores());
        assertThat(e.showdownVersion()).isEqualTo(EnvironmentProbe.showdownVersion());
    }
}
