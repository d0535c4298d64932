package showdown.harness.targets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
    void compilerThreadsMoveToTheCpusGivenAndTheOtherThreadsStay() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "needs Linux /proc");
        assumeTrue(isOnPath("taskset"), "needs taskset (util-linux)");
        long pid = ProcessHandle.current().pid();
        String before = allowedCpus(Path.of("/proc/self"));
        List<Integer> all = cpusOf(before);
        int first = all.get(0);
        JitActivity jit = JitActivity.watch(pid);
        try {
            assertThat(jit.placeCompilers(List.of(first))).isPositive();
            List<String> compilerMasks = new ArrayList<>();
            List<String> otherMasks = new ArrayList<>();
            try (var tasks = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
                for (Path task : tasks) {
                    (JitActivity.isCompilerThread(task) ? compilerMasks : otherMasks).add(allowedCpus(task));
                }
            }
            assertThat(compilerMasks).isNotEmpty().containsOnly(Integer.toString(first));
            assertThat(otherMasks).isNotEmpty().containsOnly(before);
        } finally {
            jit.placeCompilers(all);
        }
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

    /** The Cpus_allowed_list of a process or thread folder in /proc. */
    private static String allowedCpus(Path procDir) throws Exception {
        return Files.readAllLines(procDir.resolve("status")).stream()
                .filter(l -> l.startsWith("Cpus_allowed_list:"))
                .map(l -> l.substring("Cpus_allowed_list:".length()).strip())
                .findFirst().orElseThrow();
    }

    /** "0-2,5" as [0, 1, 2, 5]. */
    private static List<Integer> cpusOf(String list) {
        List<Integer> cpus = new ArrayList<>();
        for (String part : list.split(",")) {
            String[] range = part.split("-");
            int lo = Integer.parseInt(range[0]);
            int hi = range.length == 1 ? lo : Integer.parseInt(range[1]);
            for (int c = lo; c <= hi; c++) {
                cpus.add(c);
            }
        }
        return cpus;
    }

    private static boolean isOnPath(String command) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }
}
