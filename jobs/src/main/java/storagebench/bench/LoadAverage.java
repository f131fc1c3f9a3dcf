package storagebench.bench;

import java.lang.management.ManagementFactory;

/** The machine's one-minute load average, printed beside a benchmark's figures (-1 where unknown). */
final class LoadAverage {
    private LoadAverage() {}

    static double now() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
