package storagebench.probe;

import com.sun.management.OperatingSystemMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import storagebench.Hostname;
import storagebench.config.HostIdentity;
import storagebench.events.HostSnapshot;
import storagebench.probe.MountTable.Mount;

/**
 * What a run runs on, read from the JVM and, on Linux, from {@code /proc} and {@code /sys}. Reads
 * only, creates nothing, and never fails: whatever cannot be read is null (or, for the fields the
 * schema requires, the JVM's own answer).
 */
public final class HostProbe {
    private final Path root;

    /** @param root where {@code proc/}, {@code sys/} and {@code etc/} are: {@code /}, or a copy in tests */
    HostProbe(Path root) {
        this.root = root;
    }

    /**
     * The host snapshot for a run whose data goes to {@code dataDir} (which need not exist yet), under
     * the host's name and labels ({@code host.name}, {@code host.labels}); the probed hostname is
     * kept beside the name.
     */
    public static HostSnapshot snapshot(Path dataDir, HostIdentity identity) {
        HostSnapshot host = new HostProbe(Path.of("/")).host(dataDir);
        host.setMachineHostname(host.getHostname());
        identity.givenName().ifPresent(host::setHostname);
        host.setLabels(identity.labels());
        return host;
    }

    /**
     * What can be read cheaply about the storage under {@code dataDir}: {@code mount_point},
     * {@code filesystem}, {@code device}, and from sysfs {@code block_device}, {@code model},
     * {@code vendor}, {@code rotational} (true/false), {@code scheduler}, {@code size_bytes}. Keys
     * that cannot be read are left out; empty off Linux.
     */
    public static Map<String, String> deviceDetails(Path dataDir) {
        return new HostProbe(Path.of("/")).device(dataDir);
    }

    HostSnapshot host(Path dataDir) {
        Optional<Mount> mount = mount(dataDir);
        Map<String, String> device = device(dataDir);
        return HostSnapshot.newBuilder()
                .setHostname(hostname())
                .setOsName(System.getProperty("os.name"))
                .setOsVersion(System.getProperty("os.version"))
                .setKernel(LinuxProc.firstLine(read("proc/sys/kernel/osrelease")))
                .setArch(System.getProperty("os.arch"))
                .setCpuModel(LinuxProc.cpuModel(read("proc/cpuinfo")))
                .setCpuCores(Runtime.getRuntime().availableProcessors())
                .setMemoryBytes(memoryBytes())
                .setCpuGovernor(
                        LinuxProc.firstLine(
                                read("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")))
                .setDataDir(dataDir.toAbsolutePath().normalize().toString())
                .setDataFilesystem(mount.map(Mount::fsType).orElse(null))
                .setDataDevice(mount.map(Mount::source).orElse(null))
                .setDataDeviceModel(device.get("model"))
                .setDataRotational(
                        device.containsKey("rotational")
                                ? Boolean.valueOf(device.get("rotational"))
                                : null)
                .setDataMountOptions(mount.map(Mount::options).orElse(null))
                .setJvm(
                        System.getProperty("java.vendor")
                                + " "
                                + System.getProperty(
                                        "java.runtime.version", System.getProperty("java.version")))
                .build();
    }

    Map<String, String> device(Path dataDir) {
        Map<String, String> details = new LinkedHashMap<>();
        Optional<Mount> found = mount(dataDir);
        if (found.isEmpty()) {
            return details;
        }
        Mount mount = found.get();
        details.put("mount_point", mount.mountPoint());
        details.put("filesystem", mount.fsType());
        details.put("device", mount.source());
        Path disk = blockDevice(mount);
        if (disk != null) {
            details.put("block_device", disk.getFileName().toString());
            put(details, "model", LinuxProc.firstLine(read(disk.resolve("device/model"))));
            put(details, "vendor", LinuxProc.firstLine(read(disk.resolve("device/vendor"))));
            Boolean rotational = LinuxProc.rotational(read(disk.resolve("queue/rotational")));
            put(details, "rotational", rotational == null ? null : rotational.toString());
            put(
                    details,
                    "scheduler",
                    LinuxProc.activeScheduler(read(disk.resolve("queue/scheduler"))));
            put(details, "size_bytes", sizeBytes(read(disk.resolve("size"))));
        }
        return details;
    }

    private Optional<Mount> mount(Path dataDir) {
        try {
            return MountTable.holding(
                    MountTable.parse(read("proc/self/mountinfo")), MountTable.realPath(dataDir));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The sysfs directory of the whole disk under a mount, e.g. {@code /sys/devices/.../block/sda} for
     * a file system on sda2; null for virtual file systems. Found by device number, or, where that is
     * anonymous (btrfs), by the name of the source device.
     */
    private Path blockDevice(Mount mount) {
        try {
            Path dev = root.resolve("sys/dev/block/" + mount.majorMinor());
            if (!Files.exists(dev) && mount.source().startsWith("/dev/")) {
                Path source = root.resolve(mount.source().substring(1)).toRealPath();
                dev = root.resolve("sys/class/block/" + source.getFileName());
            }
            if (!Files.exists(dev)) {
                return null;
            }
            Path real = dev.toRealPath();
            return Files.exists(real.resolve("partition")) ? real.getParent() : real;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private String hostname() {
        return Hostname.resolve(() -> read("etc/hostname"));
    }

    private long memoryBytes() {
        Long total = LinuxProc.memTotalBytes(read("proc/meminfo"));
        if (total != null) {
            return total;
        }
        if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean) {
            return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                    .getTotalMemorySize();
        }
        return 0;
    }

    private static String sizeBytes(String sectors) {
        try {
            String line = LinuxProc.firstLine(sectors);
            return line == null ? null : String.valueOf(Long.parseLong(line) * 512);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static void put(Map<String, String> details, String key, String value) {
        if (value != null) {
            details.put(key, value);
        }
    }

    private String read(String relative) {
        return read(root.resolve(relative));
    }

    private static String read(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
