package storagebench.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The figures of an interval from two readings of Linux's files, computed by hand in the comments. */
class HostCountersTest {
    private static final String STAT_BEFORE =
            """
            cpu  1000 0 200 8000 100 0 0 0 0 0
            cpu0 600 0 100 3900 50 0 0 0 0 0
            cpu1 400 0 100 4100 50 0 0 0 0 0
            intr 12345
            """;
    // cpu0 in the interval: user +90 (80 + nice 10), system +10 (5 + irq 2 + softirq 3), iowait +0,
    // steal +0, idle +0: 100 ticks, 90% user; cpu1: idle +90, iowait +10: 100 ticks
    private static final String STAT_AFTER =
            """
            cpu  1080 10 205 8090 110 2 3 0 0 0
            cpu0 680 10 105 3900 50 2 3 0 0 0
            cpu1 400 0 100 4190 60 0 0 0 0 0
            """;

    private static final String DISKSTATS_BEFORE =
            "   7       0 loop0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
                    + " 254       0 vda 1000 0 8000 500 2000 0 16000 1500 0 3000 2000 0 0 0 0 0 0\n";
    // vda in 2 s: reads +100, writes +300, sectors read +2048 (1 MiB), written +4096 (2 MiB), ms
    // reading +50 and writing +350 (400 ms over 400 IOs: 1 ms each), ms doing IO +1000 (half of 2
    // s)
    private static final String DISKSTATS_AFTER =
            "   7       0 loop0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
                    + " 254       0 vda 1100 0 10048 550 2300 0 20096 1850 0 4000 2400 0 0 0 0 0 0\n";

    @Test
    void cpuSharesEachCoresAndAllOfThemOverTheInterval() {
        // given
        HostCounters before = counters(0, STAT_BEFORE, DISKSTATS_BEFORE, 0);
        HostCounters after = counters(2_000_000_000L, STAT_AFTER, DISKSTATS_AFTER, 0);
        // when
        Map<String, Map<String, Double>> figures = after.since(before);
        // then: cpu0 90% user, 10% system; cpu1 90% idle, 10% iowait; all: 200 ticks, 45% user
        assertThat(figures.get("core/cpu0"))
                .containsEntry("user", 0.9)
                .containsEntry("system", 0.1)
                .containsEntry("idle", 0.0);
        assertThat(figures.get("core/cpu1"))
                .containsEntry("idle", 0.9)
                .containsEntry("iowait", 0.1);
        assertThat(figures.get("cpu/all"))
                .containsEntry("user", 0.45)
                .containsEntry("system", 0.05)
                .containsEntry("iowait", 0.05)
                .containsEntry("idle", 0.45)
                .containsEntry("steal", 0.0);
    }

    @Test
    void aDevicesRatesAwaitAndUtilisationAsIostatGivesThem() {
        // given
        HostCounters before = counters(0, STAT_BEFORE, DISKSTATS_BEFORE, 0);
        HostCounters after = counters(2_000_000_000L, STAT_AFTER, DISKSTATS_AFTER, 0);
        // when
        Map<String, Double> vda = after.since(before).get("device/vda");
        // then: 50 reads/s, 150 writes/s, 0.5 and 1 MiB/s, 1 ms await, 50% utilised
        assertThat(vda.get("reads_per_s")).isCloseTo(50, within(1e-9));
        assertThat(vda.get("writes_per_s")).isCloseTo(150, within(1e-9));
        assertThat(vda.get("read_mb_per_s")).isCloseTo(0.5, within(1e-9));
        assertThat(vda.get("write_mb_per_s")).isCloseTo(1.0, within(1e-9));
        assertThat(vda.get("await_ms")).isCloseTo(1.0, within(1e-9));
        assertThat(vda.get("util")).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void pressureIsTheShareOfTheIntervalStalled() {
        // given: io some total +500,000 µs and full +100,000 µs in 2 s
        HostCounters before = counters(0, STAT_BEFORE, DISKSTATS_BEFORE, 1_000_000);
        HostCounters after = counters(2_000_000_000L, STAT_AFTER, DISKSTATS_AFTER, 1_500_000);
        // when
        Map<String, Double> pressure = after.since(before).get("pressure/all");
        // then
        assertThat(pressure.get("io_some")).isCloseTo(0.25, within(1e-9));
        assertThat(pressure.get("io_full")).isCloseTo(0.05, within(1e-9));
    }

    @Test
    void memoryIsWhatMeminfoSaysInBytes() {
        // when
        Map<String, Double> memory =
                HostCounters.memory(
                        """
                        MemTotal:       16000000 kB
                        MemFree:         1000000 kB
                        MemAvailable:    6000000 kB
                        Cached:          4000000 kB
                        SwapTotal:       2000000 kB
                        SwapFree:        1500000 kB
                        Dirty:              1024 kB
                        """);
        // then: used = total - available
        assertThat(memory)
                .containsEntry("used_bytes", 10_000_000 * 1024.0)
                .containsEntry("cached_bytes", 4_000_000 * 1024.0)
                .containsEntry("dirty_bytes", 1024 * 1024.0)
                .containsEntry("swap_used_bytes", 500_000 * 1024.0);
    }

    @Test
    void aFileThisKernelLacksLeavesItsFiguresOut() {
        // given: no pressure, no devices, no frequencies
        HostCounters before =
                new HostCounters(
                        0,
                        HostCounters.cpu(STAT_BEFORE),
                        Map.of(),
                        Map.of(),
                        Map.of(),
                        Map.of(),
                        Map.of());
        HostCounters after =
                new HostCounters(
                        1_000_000_000L,
                        HostCounters.cpu(STAT_AFTER),
                        Map.of(),
                        Map.of(),
                        Map.of(),
                        Map.of(),
                        Map.of());
        // when
        Map<String, Map<String, Double>> figures = after.since(before);
        // then
        assertThat(figures).containsOnlyKeys("cpu/all", "core/cpu0", "core/cpu1");
        assertThat(figures.get("cpu/all")).doesNotContainKey("freq_mhz");
        assertThat(HostCounters.pressure("io", null)).isEmpty();
        assertThat(HostCounters.cpu(null)).isEmpty();
    }

    @Test
    void frequenciesFromCpuinfoWhereThereIsNoCpufreq() {
        // when
        Map<String, Double> mhz =
                HostCounters.cpuinfoMhz(
                        """
                        processor	: 0
                        cpu MHz		: 2096.037

                        processor	: 1
                        cpu MHz		: 3400.000
                        """);
        // then
        assertThat(mhz).containsEntry("cpu0", 2096.037).containsEntry("cpu1", 3400.0);
    }

    private static HostCounters counters(
            long nanos, String stat, String diskstats, long ioSomeMicros) {
        return new HostCounters(
                nanos,
                HostCounters.cpu(stat),
                Map.of("cpu0", 2000.0, "cpu1", 3000.0),
                Map.of(),
                Map.of("io_some", ioSomeMicros, "io_full", ioSomeMicros / 5),
                HostCounters.devices(diskstats, List.of("vda")),
                Map.of());
    }
}
