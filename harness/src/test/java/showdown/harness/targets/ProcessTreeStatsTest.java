package showdown.harness.targets;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ProcessTreeStatsTest {

    @Test
    void samplesThisJvm() {
        ProcessTreeStats.Sample s = ProcessTreeStats.sample(ProcessHandle.current().pid());

        assertThat(s.processes()).isGreaterThanOrEqualTo(1);
        assertThat(s.rssBytes()).isGreaterThan(1024L * 1024); // a JVM holds well over 1 MiB
        assertThat(s.cpuUserNanos() + s.cpuSystemNanos()).isEqualTo(s.cpuNanos()).isPositive();
    }

    @Test
    void countsEveryProcessOfTheTree() throws Exception {
        Process p = new ProcessBuilder("sh", "-c", "sleep 30 & sleep 30 & wait").start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            ProcessTreeStats.Sample s = ProcessTreeStats.sample(p.pid());
            while (s.processes() < 3 && System.nanoTime() < deadline) {
                Thread.sleep(20);
                s = ProcessTreeStats.sample(p.pid());
            }
            assertThat(s.processes()).isEqualTo(3);
            assertThat(s.rssBytes()).isPositive();
        } finally {
            ProcessTree.destroyTree(p.toHandle(), Duration.ofSeconds(1));
        }
        assertThat(ProcessTreeStats.sample(p.pid())).isEqualTo(new ProcessTreeStats.Sample(0, 0, 0, 0));
    }

    @Test
    void aProcessThatIsGoneSamplesAsZero() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();

        assertThat(ProcessTreeStats.sample(p.pid())).isEqualTo(new ProcessTreeStats.Sample(0, 0, 0, 0));
    }
}
