package showdown.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** MachineInfo on /proc- and /sys-shaped folders with known answers. */
class MachineInfoTest {

    @TempDir
    Path root;

    private Path write(String relative, String text) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        return file;
    }

    @Test
    void readsEveryFactFromProcAndSys() throws IOException {
        write("proc/cpuinfo", """
                processor\t: 0
                vendor_id\t: GenuineIntel
                model name\t: Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz
                flags\t\t: fpu vme

                processor\t: 1
                model name\t: Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz

                processor\t: 2
                model name\t: Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz
                """);
        write("proc/self/status", "Name:\tjava\nCpus_allowed:\t5\nCpus_allowed_list:\t0,2\nMems_allowed_list:\t0\n");
        write("proc/sys/kernel/osrelease", "6.1.0-28-cloud-amd64\n");
        write("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "performance\n");
        write("sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", "performance\n");
        write("sys/devices/system/cpu/cpufreq/policy0/scaling_governor", "powersave\n"); // not a cpuN folder

        MachineInfo m = MachineInfo.read(root.resolve("proc"), root.resolve("sys"));

        assertThat(m).isEqualTo(new MachineInfo("Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz", 3, "0,2",
                "6.1.0-28-cloud-amd64", "performance"));
    }

    @Test
    void cpusWithDifferentGovernorsNameThemAll() throws IOException {
        write("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "schedutil\n");
        write("sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", "performance\n");
        Files.createDirectories(root.resolve("sys/devices/system/cpu/cpu2")); // offline: no cpufreq

        assertThat(MachineInfo.read(root.resolve("proc"), root.resolve("sys")).governor())
                .isEqualTo("performance,schedutil");
    }

    @Test
    void whatIsMissingIsUnknownNotAnError() throws IOException {
        Files.createDirectories(root.resolve("sys/devices/system/cpu/cpu0")); // a VM: no cpufreq

        MachineInfo m = MachineInfo.read(root.resolve("proc"), root.resolve("sys"));

        assertThat(m.cpuModel()).isEqualTo("unknown");
        assertThat(m.cpuset()).isEqualTo("unknown");
        assertThat(m.kernel()).isEqualTo("unknown");
        assertThat(m.governor()).isEqualTo("unknown");
        assertThat(m.cores()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(MachineInfo.known(m.cpuModel())).isFalse();
    }

    @Test
    void thisMachineHasItsKernelAndCpuset() {
        MachineInfo m = MachineInfo.ofThisMachine();
        assertThat(m.kernel()).isEqualTo(System.getProperty("os.version"));
        assertThat(m.cpuset()).matches("[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*");
        assertThat(m.cores()).isGreaterThanOrEqualTo(1);
    }
}
