package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.require.Needs;
import storagebench.require.Requirement;
import storagebench.sink.Dataset;

/**
 * What the host sampler records is what the host did: a core kept busy by a burner pinned to it is
 * sampled busy, and the comparison of the burning variant with the idle one names the CPU as the
 * mechanism; 256 MiB written with O_DIRECT to a device of the test's own (a loop device, the data
 * folder's being shared with everything else on this machine) are that device's sampled writes. It
 * runs in the slow-faults execution, one class at a time, so that no other test's load is sampled.
 */
@Needs(Requirement.LOOP)
class HostFidelityIT {
    /** The bytes written with O_DIRECT. */
    private static final int MIB = 256;

    @TempDir Path tmp;

    /** One data folder for both tests: its broker started once. */
    @TempDir static Path shared;

    private Path mounted;
    private String device;

    @AfterAll
    static void stopBroker() {
        Main.execute("broker", "stop", "--data-dir", shared.resolve("data").toString());
    }

    @AfterEach
    void detach() throws Exception {
        if (mounted != null) {
            run("umount", "-l", mounted.toString());
        }
        if (device != null) {
            run("losetup", "-d", device);
        }
    }

    @Test
    void aCorePinnedToABurnerIsSampledBusyAndTheComparisonNamesTheCpu() throws Exception {
        // given: trials of 2 s that keep the last core busy, or sleep; four of each, alternating,
        // so that another test's burst of disk writes beside them (tests run three at a time) falls
        // on both arms rather than outweighing the burner in one (with two of each, once: "why: vda
        // throughput 2.8 vs 14.9 MiB/s")
        int cores = Runtime.getRuntime().availableProcessors();
        int pinned = cores - 1;
        Path yaml =
                Files.writeString(
                        tmp.resolve("burn.yaml"),
                        """
                        experiment: host-burn
                        target: {kind: local, directory: %s}
                        workload:
                          type: command
                          shell: true
                          command: >-
                            if [ {load} = burn ];
                            then timeout 2 taskset -c %d sh -c 'while :; do :; done';
                            else sleep 2; fi; true
                        factors: {load: [idle, burn]}
                        baseline: {load: idle}
                        repetitions: 4
                        warmups: 0
                        """
                                .formatted(tmp.resolve("work"), pinned));
        Path data = shared.resolve("data");
        // when
        CliOutput run =
                CliOutput.run(
                        "run",
                        yaml.toString(),
                        "--data-dir",
                        data.toString(),
                        "--set",
                        "host.sample-interval=200ms");
        // then: the pinned core busy in every burning interval's average, the others less so
        assertThat(run.exit()).as(run.err()).isZero();
        Dataset dataset = new Dataset(data.resolve("parquet"));
        List<String> busy =
                dataset.column(
                        "host_samples",
                        "t FROM (SELECT name || ' ' || avg(1 - metrics['idle']) AS t FROM"
                                + " read_parquet('"
                                + data.resolve("parquet/host_samples")
                                + "/**/*.parquet', hive_partitioning = true) WHERE source ="
                                + " 'core' AND phase = 'measured' AND variant = 'load=burn'"
                                + " GROUP BY name) --");
        assertThat(busy).hasSize(cores);
        double pinnedBusy = busy(busy, "cpu" + pinned);
        assertThat(pinnedBusy).as(busy.toString()).isGreaterThanOrEqualTo(0.9);
        for (int core = 0; core < pinned; core++) {
            assertThat(busy(busy, "cpu" + core)).as(busy.toString()).isLessThan(pinnedBusy);
        }
        // and the run's own comparison, as compare's, says why: the CPU (its utilisation, or
        // where
        // the host is busy with more than this test, the time tasks waited for a CPU)
        assertThat(run.out()).containsPattern("\n    why: CPU (utilisation|pressure) \\d+");
        CliOutput compare =
                CliOutput.run(
                        "compare",
                        "--data-dir",
                        data.toString(),
                        "--experiment",
                        "host-burn",
                        "--baseline",
                        "load=idle");
        assertThat(compare.exit()).isZero();
        assertThat(compare.out())
                .containsPattern(
                        "load=burn vs load=idle: .*\n    why: CPU (utilisation|pressure) \\d+");
    }

    @Test
    void bytesWrittenWithODirectToTheTargetsDeviceAreItsSampledWrites() throws Exception {
        // given: the target's folder on a loop device of its own, initialised in full now so that
        // the file system writes nothing of its own during the trial
        Path image = tmp.resolve("disk.img");
        try (var file =
                java.nio.channels.FileChannel.open(
                        image,
                        java.nio.file.StandardOpenOption.CREATE_NEW,
                        java.nio.file.StandardOpenOption.WRITE)) {
            file.position(((MIB + 128L) << 20) - 1).write(java.nio.ByteBuffer.wrap(new byte[1]));
        }
        device = output("losetup", "--find", "--show", image.toString()).strip();
        run("mkfs.ext4", "-q", "-F", "-E", "lazy_itable_init=0,lazy_journal_init=0", device);
        mounted = Files.createDirectories(tmp.resolve("disk"));
        run("mount", device, mounted.toString());
        Path yaml =
                Files.writeString(
                        tmp.resolve("direct.yaml"),
                        """
                        experiment: host-direct
                        target: {kind: local, directory: %s}
                        workload:
                          type: command
                          shell: true
                          command: >-
                            sleep 0.3;
                            dd if=/dev/zero of=direct.bin bs=1M count=%d oflag=direct status=none;
                            sleep 0.3
                          cleanup: rm -f direct.bin
                        repetitions: 1
                        warmups: 0
                        """
                                .formatted(mounted.resolve("work"), MIB));
        Path data = shared.resolve("data");
        // when: sampled every 50 ms, the writes well inside whole intervals
        int exit =
                Main.execute(
                        "run",
                        yaml.toString(),
                        "--data-dir",
                        data.toString(),
                        "--set",
                        "host.sample-interval=50ms",
                        "--no-report");
        // then
        assertThat(exit).isZero();
        String name = Path.of(device).getFileName().toString();
        List<String> written =
                new Dataset(data.resolve("parquet"))
                        .column(
                                "host_samples",
                                "mib FROM (SELECT sum(metrics['write_mb_per_s'] * interval_ms"
                                        + " / 1e3) AS mib FROM read_parquet('"
                                        + data.resolve("parquet/host_samples")
                                        + "/**/*.parquet', hive_partitioning = true) WHERE"
                                        + " source = 'device' AND name = '"
                                        + name
                                        + "' AND phase = 'measured') --");
        assertThat(written).hasSize(1);
        assertThat(Double.parseDouble(written.get(0))).isBetween(MIB * 0.9, MIB * 1.1);
    }

    private static double busy(List<String> rows, String core) {
        return rows.stream()
                .filter(r -> r.startsWith(core + " "))
                .mapToDouble(r -> Double.parseDouble(r.substring(core.length() + 1)))
                .findFirst()
                .orElseThrow();
    }

    private static void run(String... command) throws IOException, InterruptedException {
        output(command);
    }

    private static String output(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(String.join(" ", command) + ": " + output).isZero();
        return output;
    }
}
