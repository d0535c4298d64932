package showdown.harness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.harness.measure.CaseMeasurer;
import showdown.harness.plan.PlanException;

/**
 * The capacity search runs its load from this host: a run whose load comes from elsewhere (agents of
 * {@code --hosts} or {@code --kubernetes}) and whose profile searches is refused in one line before
 * anything is written, and no case is measured.
 */
class SuiteSearchPlacementTest {

    @TempDir
    Path home;

    @Test
    void aSearchWithLoadFromOtherHostsIsRefusedBeforeAnythingIsWritten() throws IOException {
        Files.writeString(Files.createDirectories(home.resolve("scenarios/profiles")).resolve("p.yaml"), """
                duration: 1s
                warmup: 0s
                levels:
                  - {connections: 1, threads: 1}
                """);
        RunSettings settings = new RunSettings(List.of(), List.of(), "p", null, null, null, null, null, false, 1L,
                null, false, "p99=10ms");
        LoadSource elsewhere = new LoadSource() {
            @Override
            public CaseMeasurer.Engine warmupEngine() {
                return CaseMeasurer.Engine.LOAD_ENGINE;
            }

            @Override
            public CaseMeasurer.Measurement measure(showdown.load.LoadSpec spec, showdown.harness.targets.ServedTarget target,
                                                    showdown.load.ProgressListener listener) {
                throw new AssertionError("no case is measured");
            }
        };
        Suite.Hooks hooks = Suite.Hooks.defaults(TargetVerifier.NONE).placedOn(TargetHost.LOCAL, elsewhere);
        Path out = home.resolve("results/r");
        PrintStream err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

        assertThatThrownBy(() -> Suite.start(home, settings, out, List.of("showdown", "run"), err, hooks))
                .isInstanceOf(PlanException.class)
                .hasMessage("the capacity search (--slo, the capacity profile) runs its load from this host:"
                        + " it cannot be combined with --hosts or --kubernetes");
        assertThat(out).doesNotExist();
    }
}
