package storagebench.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.config.HostIdentity;
import storagebench.events.HostSnapshot;

class HostProbeTest {
    @TempDir Path temp;

    @Test
    void readsProcAndSysUnderTheRoot() throws IOException {
        // given a copy of /proc and /sys in which the data dir's parent is an xfs on sda2
        Path root = Files.createDirectory(temp.resolve("root"));
        Path mnt = Files.createDirectory(temp.resolve("mnt")).toRealPath();
        write(
                root,
                "proc/cpuinfo",
                "processor\t: 0\nmodel name\t: AMD EPYC 7763 64-Core Processor\n");
        write(root, "proc/meminfo", "MemTotal:       16384 kB\nMemFree:        1024 kB\n");
        write(root, "proc/sys/kernel/osrelease", "6.8.0-45-generic\n");
        write(root, "sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "performance\n");
        write(
                root,
                "proc/self/mountinfo",
                "22 1 254:0 / / rw - ext4 /dev/vda rw\n"
                        + "40 22 8:2 / "
                        + mnt.toString().replace(" ", "\\040")
                        + " rw - xfs /dev/sda2 rw,attr2\n");
        Path sda = root.resolve("sys/devices/pci0000:00/ata1/block/sda");
        write(sda, "sda2/partition", "2\n");
        write(sda, "device/model", "Samsung SSD 860 EVO 1TB\n");
        write(sda, "device/vendor", "ATA     \n");
        write(sda, "queue/rotational", "0\n");
        write(sda, "queue/scheduler", "[none] mq-deadline\n");
        write(sda, "size", "1953525168\n");
        Files.createDirectories(root.resolve("sys/dev/block"));
        Files.createSymbolicLink(root.resolve("sys/dev/block/8:2"), sda.resolve("sda2"));
        Path data = mnt.resolve("data");
        HostProbe probe = new HostProbe(root);

        // when
        HostSnapshot host = probe.host(data);
        Map<String, String> device = probe.device(data);

        // then
        assertThat(host.getCpuModel()).isEqualTo("AMD EPYC 7763 64-Core Processor");
        assertThat(host.getMemoryBytes()).isEqualTo(16384L * 1024);
        assertThat(host.getKernel()).isEqualTo("6.8.0-45-generic");
        assertThat(host.getCpuGovernor()).isEqualTo("performance");
        assertThat(host.getDataDir()).isEqualTo(data.toString());
        assertThat(host.getDataFilesystem()).isEqualTo("xfs");
        assertThat(host.getDataDevice()).isEqualTo("/dev/sda2");
        assertThat(device)
                .containsExactly(
                        Map.entry("mount_point", mnt.toString()),
                        Map.entry("filesystem", "xfs"),
                        Map.entry("device", "/dev/sda2"),
                        Map.entry("block_device", "sda"),
                        Map.entry("model", "Samsung SSD 860 EVO 1TB"),
                        Map.entry("vendor", "ATA"),
                        Map.entry("rotational", "false"),
                        Map.entry("scheduler", "none"),
                        Map.entry("size_bytes", String.valueOf(1953525168L * 512)));
        assertThat(data).doesNotExist();
    }

    @Test
    void unreadableFilesBecomeNullNeverAnException() throws IOException {
        // given a root with no /proc, no /sys and no /etc
        Path root = Files.createDirectory(temp.resolve("empty"));

        // when
        HostProbe probe = new HostProbe(root);
        HostSnapshot host = probe.host(temp.resolve("data"));
        Map<String, String> device = probe.device(temp.resolve("data"));

        // then the fields the schema requires come from the JVM
        assertThat(host.getKernel()).isNull();
        assertThat(host.getCpuModel()).isNull();
        assertThat(host.getCpuGovernor()).isNull();
        assertThat(host.getDataFilesystem()).isNull();
        assertThat(host.getDataDevice()).isNull();
        assertThat(host.getHostname()).isNotBlank();
        assertThat(host.getMemoryBytes()).isPositive();
        assertThat(device).isEmpty();
    }

    @Test
    void snapshotOfThisMachineIsFilled() {
        // given a data dir that does not exist yet
        Path data = temp.resolve("data");

        // when
        HostSnapshot host = HostProbe.snapshot(data, HostIdentity.MACHINE);
        Map<String, String> device = HostProbe.deviceDetails(data);

        // then
        assertThat(host.getHostname()).isNotBlank();
        assertThat(host.getOsName()).isEqualTo(System.getProperty("os.name"));
        assertThat(host.getArch()).isNotBlank();
        assertThat(host.getCpuCores()).isPositive();
        assertThat(host.getMemoryBytes()).isGreaterThan(64L * 1024 * 1024);
        assertThat(host.getDataDir()).isEqualTo(data.toAbsolutePath().toString());
        assertThat(host.getJvm())
                .contains(System.getProperty("java.vendor"))
                .contains(System.getProperty("java.version"));
        assertThat(data).doesNotExist();
        assumeThat(System.getProperty("os.name")).isEqualTo("Linux");
        assertThat(host.getKernel()).isNotBlank();
        assertThat(host.getDataFilesystem()).isNotBlank();
        assertThat(host.getDataDevice()).isNotBlank();
        assertThat(device).containsKeys("mount_point", "filesystem", "device");
    }

    private static void write(Path root, String relative, String content) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }
}
