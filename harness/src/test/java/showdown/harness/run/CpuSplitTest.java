package showdown.harness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import showdown.harness.plan.PlanException;

class CpuSplitTest {

    private static final List<Integer> FOUR = List.of(0, 1, 2, 3);

    @Test
    void byDefaultTheServerGetsTheFirstHalfAndTheLoadTheSecond() {
        CpuSplit split = CpuSplit.parse(List.of(), FOUR);
        assertThat(split.server()).containsExactly(0, 1);
        assertThat(split.load()).containsExactly(2, 3);
        assertThat(split.describe()).isEqualTo("server on CPUs 0-1, load on CPUs 2-3");
        CpuSplit two = CpuSplit.halves(List.of(0, 1));
        assertThat(two.server()).containsExactly(0);
        assertThat(two.load()).containsExactly(1);
        CpuSplit odd = CpuSplit.halves(List.of(0, 1, 2));
        assertThat(odd.server()).containsExactly(0);
        assertThat(odd.load()).containsExactly(1, 2);
    }

    @Test
    void oneCpuOrOffMeansNoPinning() {
        CpuSplit one = CpuSplit.halves(List.of(0));
        assertThat(one.pinned()).isFalse();
        assertThat(one.serverCpuCount()).isEqualTo(1);
        assertThat(one.loadCpuCount()).isEqualTo(1);
        CpuSplit off = CpuSplit.parse(List.of("off"), FOUR);
        assertThat(off.pinned()).isFalse();
        assertThat(off.loadCpuCount()).isEqualTo(4);
        assertThat(off.describe()).isEqualTo("not pinned (4 CPUs shared)");
    }

    @Test
    void explicitSetsAreParsedInEitherOrder() {
        CpuSplit split = CpuSplit.parse(List.of("load=3", "server=0-2"), FOUR);
        assertThat(split.server()).containsExactly(0, 1, 2);
        assertThat(split.load()).containsExactly(3);
    }

    @Test
    void badSplitsAreOneLineErrors() {
        assertThatThrownBy(() -> CpuSplit.parse(List.of("server=0"), FOUR))
                .isInstanceOf(PlanException.class).hasMessage("--cpus: give both server=LIST and load=LIST (or off)");
        assertThatThrownBy(() -> CpuSplit.parse(List.of("server=0-1", "load=1"), FOUR))
                .isInstanceOf(PlanException.class).hasMessage("--cpus: server and load share CPU 1; the sets must be disjoint");
        assertThatThrownBy(() -> CpuSplit.parse(List.of("server=0", "load=7"), FOUR))
                .isInstanceOf(PlanException.class).hasMessage("--cpus load: CPU 7 is not available here (available: 0-3)");
        assertThatThrownBy(() -> CpuSplit.parse(List.of("cpu=0", "load=1"), FOUR))
                .isInstanceOf(PlanException.class).hasMessageContaining("expected server=LIST load=LIST or off, not 'cpu=0'");
        assertThatThrownBy(() -> CpuSplit.parse(List.of("server=a", "load=1"), FOUR))
                .isInstanceOf(PlanException.class).hasMessageContaining("'a' is not a CPU list");
    }

    @Test
    void cpuListsRoundTripInTheKernelsForm() {
        assertThat(CpuList.parse("0-2,5,7-8", "x")).containsExactly(0, 1, 2, 5, 7, 8);
        assertThat(CpuList.format(List.of(8, 0, 1, 2, 5, 7))).isEqualTo("0-2,5,7-8");
        assertThat(CpuList.format(List.of(3))).isEqualTo("3");
        assertThatThrownBy(() -> CpuList.parse("3-1", "x")).hasMessage("x: range '3-1' runs backwards");
    }

    @Test
    void thisProcessMayRunOnAtLeastOneCpu() {
        assertThat(CpuAffinity.allowed()).isNotEmpty();
    }
}
