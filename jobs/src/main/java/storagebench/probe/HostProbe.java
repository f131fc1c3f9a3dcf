package storagebench.probe;

import java.nio.file.Path;
import storagebench.events.HostSnapshot;

/** Placeholder until the probe lands. */
public final class HostProbe {
    private HostProbe() {
    }

    public static HostSnapshot snapshot(Path dataDir) {
        return HostSnapshot.newBuilder().setHostname("localhost").setOsName(System.getProperty("os.name"))
                .setOsVersion(System.getProperty("os.version")).setKernel(null).setArch(System.getProperty("os.arch"))
                .setCpuModel(null).setCpuCores(Runtime.getRuntime().availableProcessors()).setMemoryBytes(0)
                .setCpuGovernor(null).setDataDir(dataDir.toString()).setDataFilesystem(null).setDataDevice(null)
                .setJvm(System.getProperty("java.version")).build();
    }
}
