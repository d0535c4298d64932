package showdown.hosts;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import showdown.harness.measure.CaseMeasurer;
import showdown.harness.measure.CpuTimes;
import showdown.harness.measure.HostShares;
import showdown.harness.measure.Saturation;
import showdown.hosts.control.AgentClocks;
import showdown.hosts.control.AgentLink;
import showdown.hosts.control.ClockOffset;
import showdown.load.LoadResult;

/**
 * A case is measured by one set of rules, local or on other hosts: the CPU shares of a host are
 * computed by {@link HostShares} alone from the {@code /proc/stat} that {@link CpuTimes} alone
 * reads, whether the generator set the pace is judged by {@link Saturation} alone, and an agent's
 * clock offset is measured by {@link AgentClocks} alone. A second implementation of any, in the
 * harness or in hosts/, fails here.
 */
class OneMeasurementTest {

    private static final JavaClasses MEASURING = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("showdown.harness", "showdown.hosts");

    @Test
    void onlyHostSharesTurnsCpuTimesIntoShares() {
        noClasses().that().doNotHaveFullyQualifiedName(HostShares.class.getName())
                .should().callMethod(CpuTimes.class, "busyNanosSince", CpuTimes.class, List.class)
                .orShould().callMethod(CpuTimes.class, "stealNanosSince", CpuTimes.class, List.class)
                .because("a host's CPU shares are computed in one place, for local and remote cases alike")
                .check(MEASURING);
    }

    @Test
    void onlyCpuTimesReadsProcStat() throws IOException {
        Set<String> readers = new TreeSet<>();
        for (JavaClass c : MEASURING) {
            if (constantsOf(c).contains("/proc/stat")) {
                readers.add(c.getName());
            }
        }
        assertThat(readers).containsExactly(CpuTimes.class.getName());
    }

    @Test
    void theLoadEnginesOwnSaturationViewNeverDecidesACase() {
        noClasses().should().callMethod(LoadResult.class, "generatorSaturated")
                .because("a case's generator-saturated column is judged by Saturation, local or remote")
                .check(MEASURING);
    }

    @Test
    void everyMeasurementOfACaseJudgesSaturationBySaturation() {
        Set<String> measurers = new TreeSet<>();
        Set<String> judged = new TreeSet<>();
        for (JavaClass c : MEASURING) {
            if (c.getConstructorCallsFromSelf().stream()
                    .anyMatch(call -> call.getTargetOwner().isEquivalentTo(CaseMeasurer.Measurement.class))) {
                measurers.add(c.getName());
                if (c.getMethodCallsFromSelf().stream()
                        .anyMatch(call -> call.getTargetOwner().isEquivalentTo(Saturation.class)
                                && call.getName().equals("generatorSaturated"))) {
                    judged.add(c.getName());
                }
            }
        }
        assertThat(measurers).as("the local and the remote measurer").hasSizeGreaterThanOrEqualTo(2);
        assertThat(judged).isEqualTo(measurers);
    }

    @Test
    void onlyAgentClocksMeasuresAnAgentsOffset() {
        noClasses().that().doNotHaveFullyQualifiedName(AgentClocks.class.getName())
                .and().doNotHaveFullyQualifiedName(ClockOffset.class.getName())
                .should().callMethod(ClockOffset.class, "measure", AgentLink.class, Clock.class, Duration.class)
                .orShould().callMethod(ClockOffset.class, "measure", AgentLink.class, Clock.class)
                .orShould().callMethod(ClockOffset.class, "check", AgentLink.class, Duration.class)
                .because("an agent's offset and its error bound are measured and judged in one place")
                .check(MEASURING);
    }

    /** The class file's bytes as text: its constant pool's strings stand in it as they are. */
    private static String constantsOf(JavaClass c) throws IOException {
        try (InputStream in = c.getSource().orElseThrow().getUri().toURL().openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }
}
