package showdown.load.warmup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The warm-up rule on a scripted clock and a scripted compiler: checked once a window, as the
 * engine checks it, it ends after the first quiet window (at least one), or at the longest warm-up.
 */
class CompilerQuietTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);
    private static final long START = 5 * SECOND; // any nanoTime origin
    private static final CompilerQuiet.Rule RULE = CompilerQuiet.Rule.DEFAULT;

    /** A compiler that works {@code busyNanosPerSecond} for {@code busySeconds}, then a quiet trickle. */
    private static final class ScriptedCompiler implements CompileTime {
        private final long busyNanosPerSecond;
        private final int busySeconds;
        private long now = START;

        ScriptedCompiler(long busyNanosPerSecond, int busySeconds) {
            this.busyNanosPerSecond = busyNanosPerSecond;
            this.busySeconds = busySeconds;
        }

        @Override
        public long totalNanos() {
            long elapsed = now - START;
            long busy = Math.min(elapsed, busySeconds * SECOND);
            long quiet = elapsed - busy;
            // 123 ms compiled before the warm-up began; a warm JVM recompiles 1 ms a second now and then
            return TimeUnit.MILLISECONDS.toNanos(123) + busy / SECOND * busyNanosPerSecond + quiet / 1000;
        }
    }

    /** Checks at every window's end, as the engine does, and returns the rule once it has ended. */
    private static CompilerQuiet runUntilOver(ScriptedCompiler compiler, long lateNanos) {
        CompilerQuiet quiet = new CompilerQuiet(RULE, compiler, START);
        for (int check = 0; check < 100 && quiet.state() == CompilerQuiet.State.WARMING; check++) {
            compiler.now = quiet.nextCheckNanos() + lateNanos;
            quiet.check(compiler.now);
        }
        return quiet;
    }

    @Test
    void aGeneratorQuietAtOnceWarmsUpForTheLeastWarmUp() {
        CompilerQuiet quiet = runUntilOver(new ScriptedCompiler(0, 0), 0);
        assertThat(quiet.state()).isEqualTo(CompilerQuiet.State.STEADY);
        assertThat(quiet.durationNanos()).isEqualTo(RULE.least().toNanos()).isEqualTo(SECOND);
    }

    @Test
    void aGeneratorThatKeepsCompilingIsNotSteadyAtTheLongestWarmUp() {
        CompilerQuiet quiet = runUntilOver(new ScriptedCompiler(TimeUnit.MILLISECONDS.toNanos(200), Integer.MAX_VALUE / 2), 0);
        assertThat(quiet.state()).isEqualTo(CompilerQuiet.State.NOT_STEADY);
        assertThat(quiet.durationNanos()).isEqualTo(RULE.most().toNanos()).isEqualTo(10 * SECOND);
    }

    @Test
    void aGeneratorThatQuietensEndsTheWarmUpAfterItsFirstQuietWindow() {
        // busy for 3 s: windows 1-3 busy, window 4 quiet
        CompilerQuiet quiet = runUntilOver(new ScriptedCompiler(TimeUnit.MILLISECONDS.toNanos(400), 3), 0);
        assertThat(quiet.state()).isEqualTo(CompilerQuiet.State.STEADY);
        assertThat(quiet.durationNanos()).isEqualTo(4 * SECOND);
    }

    @Test
    void compilingJustUnderTheQuietShareIsQuietAndJustOverIsNot() {
        long share = (long) (RULE.quietShare() * SECOND);
        assertThat(runUntilOver(new ScriptedCompiler(share - TimeUnit.MILLISECONDS.toNanos(2), 5), 0).durationNanos())
                .isEqualTo(SECOND);
        assertThat(runUntilOver(new ScriptedCompiler(share + TimeUnit.MILLISECONDS.toNanos(1), 5), 0).durationNanos())
                .isEqualTo(6 * SECOND);
    }

    @Test
    void aLateCheckJudgesTheWholeWindowItEnds() {
        // each check 300 ms late: windows of 1.3 s; busy for 2 s, so the second window (to 2.6 s) is busy
        // too, and the third (to 3.9 s) is quiet
        CompilerQuiet quiet = runUntilOver(new ScriptedCompiler(TimeUnit.MILLISECONDS.toNanos(400), 2),
                TimeUnit.MILLISECONDS.toNanos(300));
        assertThat(quiet.state()).isEqualTo(CompilerQuiet.State.STEADY);
        assertThat(quiet.durationNanos()).isEqualTo(TimeUnit.MILLISECONDS.toNanos(3900));
    }

    @Test
    void aJvmThatDoesNotTellItsCompileTimeWarmsUpForTheLongest() {
        CompilerQuiet quiet = new CompilerQuiet(RULE, () -> CompileTime.UNKNOWN, START);
        long now = START;
        while (quiet.state() == CompilerQuiet.State.WARMING) {
            now = quiet.nextCheckNanos();
            quiet.check(now);
        }
        assertThat(quiet.state()).isEqualTo(CompilerQuiet.State.NOT_STEADY);
        assertThat(now - START).isEqualTo(10 * SECOND);
    }

    @Test
    void onceOverItsStateStaysAndItsLengthIsKnownOnlyThen() {
        ScriptedCompiler compiler = new ScriptedCompiler(TimeUnit.MILLISECONDS.toNanos(500), 1);
        CompilerQuiet quiet = new CompilerQuiet(RULE, compiler, START);
        assertThatThrownBy(quiet::durationNanos).isInstanceOf(IllegalStateException.class);
        compiler.now = START + SECOND;
        assertThat(quiet.check(compiler.now)).isEqualTo(CompilerQuiet.State.WARMING);
        compiler.now = START + 2 * SECOND;
        assertThat(quiet.check(compiler.now)).isEqualTo(CompilerQuiet.State.STEADY);
        compiler.now = START + 30 * SECOND;
        assertThat(quiet.check(compiler.now)).isEqualTo(CompilerQuiet.State.STEADY);
        assertThat(quiet.durationNanos()).isEqualTo(2 * SECOND);
    }

    @Test
    void refusesARuleThatCannotEnd() {
        assertThatThrownBy(() -> new CompilerQuiet.Rule(Duration.ZERO, 0.03, Duration.ZERO, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CompilerQuiet.Rule(Duration.ofSeconds(1), 0.03, Duration.ofSeconds(2), Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CompilerQuiet.Rule(Duration.ofSeconds(1), 0, Duration.ZERO, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
