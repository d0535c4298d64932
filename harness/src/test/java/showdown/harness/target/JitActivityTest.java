package showdown.harness.target;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The JIT's CPU time, read from the compiler threads of real processes. */
class JitActivityTest {

    @Test
    void aHotSpotJvmHasCompilerThreadsAndTheirTimeNeverGoesBack() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "needs Linux /proc");
        assumeTrue(System.getProperty("java.vm.name", "").contains("HotSpot")
                || System.getProperty("java.vm.name", "").contains("OpenJDK"), "needs a HotSpot JVM");
        JitActivity jit = JitActivity.watch(ProcessHandle.current().pid());
        assertThat(jit.hasCompiler()).isTrue();
        long total = 0;
        for (int i = 0; i < 3; i++) {
            long d = jit.cpuNanosSinceLast();
            assertThat(d).isNotNegative();
            total += d;
        }
        assertThat(total).isNotNegative();
    }

    @Test
    void aProcessWithoutAJitHasNoCompiler() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "needs Linux /proc");
        Process sleep = new ProcessBuilder("sleep", "30").start();
        try {
            JitActivity jit = JitActivity.watch(sleep.pid());
            assertThat(jit.hasCompiler()).isFalse();
            assertThat(jit.cpuNanosSinceLast()).isZero();
        } finally {
            sleep.destroy();
            sleep.waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void threadNamesAreMatchedByTheirFifteenCharacterStart() throws Exception {
        Path task = Files.createTempDirectory("task");
        try {
            for (String name : new String[] {"C2 CompilerThre", "C1 CompilerThre", "JIT Compilation", "JVMCI-native Co"}) {
                Files.writeString(task.resolve("comm"), name + "\n");
                assertThat(JitActivity.isCompilerThread(task)).as(name).isTrue();
            }
            for (String name : new String[] {"http-nio-8080-e", "VM Thread", "GC Thread#0", "Common-Cleaner"}) {
                Files.writeString(task.resolve("comm"), name + "\n");
                assertThat(JitActivity.isCompilerThread(task)).as(name).isFalse();
            }
        } finally {
            Files.deleteIfExists(task.resolve("comm"));
            Files.deleteIfExists(task);
        }
    }
}
