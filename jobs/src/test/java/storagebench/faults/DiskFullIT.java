package storagebench.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.KafkaConnection;
import storagebench.cli.Main;
import storagebench.require.Needs;
import storagebench.require.Requirement;

/**
 * A disk filled at once mid-run, by another process writing it full: the data directory's (where the
 * embedded broker's log and the job repository are) and the target's. Each run ends FAILED with one
 * line naming the folder, what is free, the last trial recorded and what to do; once space is freed,
 * the restart has every trial once. Each disk is a small tmpfs the test mounts.
 */
@Needs(Requirement.TMPFS)
class DiskFullIT {
    @TempDir Path tmp;
    private Path mounted;

    @AfterEach
    void unmount() throws Exception {
        for (Path data : new Path[] {tmp.resolve("disk/data"), tmp.resolve("data")}) {
            if (Files.isDirectory(data)) {
                Main.execute("broker", "stop", "--data-dir", data.toString());
            }
        }
        if (mounted != null) {
            run("umount", "-l", mounted.toString());
        }
    }

    @Test
    void theDataDirectoryFilledAtOnceEndsTheRunWithOneLineAndTheRestartFinishesIt()
            throws Exception {
        // given: a data directory on a 192 MiB disk of its own, and a run on it
        Path data = mount(tmp.resolve("disk"), "192m").resolve("data");
        Path config = Experiments.slow(tmp, "data-full", 10, 300);
        Child child =
                Child.start(
                        tmp,
                        "run",
                        "run",
                        config.toString(),
                        "--data-dir",
                        data.toString(),
                        "--set",
                        "run.min-free-space=1MiB");
        // when: another process writes the disk full after a few trials
        SignalIT.awaitOutput(child, "trial 5/20");
        Path filler = fill(mounted);
        int exit = child.waitFor(180);
        String output = child.output();
        // then: FAILED, in one line that says where, what is free, how far and what next
        String runId = Counts.runs(data).get(0);
        assertThat(exit).as(output).isEqualTo(Main.FAILED);
        assertThat(output)
                .contains("no space left on the disk under " + mounted)
                .contains("was the last one recorded")
                .contains("continue it with: storagebench run --restart " + runId)
                .doesNotContain("\tat ")
                .doesNotContain("Exception");
        // and once space is freed (and the broker started, if it halted), the restart finishes it
        Files.delete(filler);
        if (output.contains("the broker halted")) {
            assertThat(output).contains("storagebench broker start --data-dir " + data);
            assertThat(Main.execute("broker", "start", "--data-dir", data.toString())).isZero();
        }
        assertThat(
                        Main.execute(
                                "run",
                                "--restart",
                                runId,
                                "--data-dir",
                                data.toString(),
                                "--set",
                                "run.min-free-space=1MiB"))
                .isZero();
        try (KafkaConnection kafka = KafkaConnection.open(Counts.settings(data))) {
            Counts.exactlyOnceInTopic(kafka, runId, 20);
            Counts.exactlyOnceInDataset(kafka, data, runId, 20);
        }
    }

    @Test
    void theTargetDirectoryFilledAtOnceEndsTheRunWithOneLineAndTheRestartFinishesIt()
            throws Exception {
        // given: a file-init run whose files go to a 64 MiB disk of its own
        Path target = mount(tmp.resolve("disk"), "64m").resolve("target");
        Files.createDirectories(target);
        Path data = tmp.resolve("data");
        Path config = tmp.resolve("target-full.yaml");
        Files.writeString(
                config,
                """
                experiment: target-full
                target: {kind: local, directory: %s}
                workload: {type: file-init, files: 1, file-size: 2MB}
                factors:
                  init: [zero]
                repetitions: 400
                warmups: 0
                """
                        .formatted(target));
        Child child =
                Child.start(
                        tmp,
                        "run",
                        "run",
                        config.toString(),
                        "--data-dir",
                        data.toString(),
                        "--no-sink");
        // when: another process writes the target's disk full after a few trials
        SignalIT.awaitOutput(child, "trial 5/400");
        Path filler = fill(mounted);
        // a trial whose file was written before the fill deletes it after: keep the disk full
        TopUp topUp = new TopUp(mounted.resolve("top-up"));
        int exit = child.waitFor(180);
        topUp.close();
        String output = child.output();
        // then
        String runId = Counts.runs(data).get(0);
        assertThat(exit).as(output).isEqualTo(Main.FAILED);
        assertThat(output)
                .contains("no space left on the disk under " + target)
                .contains("was the last one recorded")
                .contains("free space there first")
                .contains("continue it with: storagebench run --restart " + runId)
                .doesNotContain("\tat ")
                .doesNotContain("Exception");
        // and once space is freed, the restart finishes it, each trial once
        Files.delete(filler);
        assertThat(Main.execute("run", "--restart", runId, "--data-dir", data.toString())).isZero();
        try (KafkaConnection kafka = KafkaConnection.open(Counts.settings(data))) {
            Counts.exactlyOnceInTopic(kafka, runId, 400);
            Counts.exactlyOnceInDataset(kafka, data, runId, 400);
        }
    }

    private Path mount(Path dir, String size) throws Exception {
        Files.createDirectories(dir);
        run("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", dir.toString());
        mounted = dir;
        return dir;
    }

    /** Writes the disk under {@code dir} full at once, as another process would; returns the file. */
    private static Path fill(Path dir) throws IOException {
        Path filler = dir.resolve("filler");
        ByteBuffer block = ByteBuffer.allocate(1 << 20);
        try (FileChannel out =
                FileChannel.open(filler, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            while (true) {
                block.clear();
                out.write(block);
            }
        } catch (IOException full) {
            assertThat(full).hasMessageContaining("No space left on device");
        }
        return filler;
    }

    /**
     * Writes into a file of its own whatever space comes free on the disk, until closed (then deletes
     * it): the disk stays full although a trial deletes the file it made before the disk filled.
     */
    private static final class TopUp implements AutoCloseable {
        private final Path file;
        private final Thread thread;
        private volatile boolean stop;

        TopUp(Path file) {
            this.file = file;
            this.thread = new Thread(this::fill, "top-up");
            thread.setDaemon(true);
            thread.start();
        }

        private void fill() {
            ByteBuffer block = ByteBuffer.allocate(64 << 10);
            try (FileChannel out =
                    FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                while (!stop) {
                    block.clear();
                    try {
                        out.write(block, out.size());
                    } catch (IOException full) {
                        Thread.sleep(2);
                    }
                }
            } catch (IOException | InterruptedException e) {
                // the disk's file could not be opened, or the test ends: nothing more to fill
            }
        }

        @Override
        public void close() throws Exception {
            stop = true;
            thread.join(10_000);
            Files.deleteIfExists(file);
        }
    }

    private static void run(String... command) throws Exception {
        Process process = new ProcessBuilder(command).inheritIO().start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(String.join(" ", command)).isZero();
    }
}
