package storagebench.sink;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.storage.LocalStore;

class SinkCrashIT {
    @TempDir Path tmp;

    @Test
    void killedMidStreamAndRestartedTheSinkWritesEveryEventExactlyOnce() throws Exception {
        // given: a broker in this JVM and a publisher that keeps publishing runs
        Settings brokerSettings =
                Settings.load(null, Map.of(), Map.of("data-dir", tmp.resolve("broker").toString()));
        Path sinkData = tmp.resolve("sink");
        try (KafkaConnection kafka = KafkaConnection.open(brokerSettings)) {
            String[] args = {
                "--data-dir",
                sinkData.toString(),
                "--bootstrap-servers",
                kafka.bootstrapServers(),
                "--set",
                "sink.roll-rows=23",
                "--set",
                "sink.idle-roll-seconds=1"
            };
            BackgroundPublisher publisher =
                    BackgroundPublisher.crashRuns(kafka, brokerSettings.topic());
            publisher.start();
            Path marker =
                    OffsetMarker.fileOf(sinkData.resolve("parquet"), brokerSettings.topic(), 0);

            // when: the sink is killed twice while it writes and events keep coming
            for (int round = 1; round <= 3; round++) {
                SinkProcess sink = SinkProcess.start(tmp.resolve("logs"), "sink-" + round, args);
                long markedBefore =
                        Files.exists(marker)
                                ? Long.parseLong(Files.readString(marker).strip())
                                : -1;
                awaitMarkerBeyond(marker, markedBefore, sink);
                Thread.sleep(ThreadLocalRandom.current().nextInt(50, 400));
                sink.kill();
            }
            publisher.assertPublishing("before the last kill");
            publisher.end();
            SinkProcess last =
                    SinkProcess.start(
                            tmp.resolve("logs"), "sink-last", append(args, "--until-idle"));
            int exit = last.waitFor(120);

            // then
            assertThat(exit).as(last.output()).isZero();
            List<SpecificRecord> published =
                    BackgroundPublisher.committed(kafka, brokerSettings.topic());
            assertThat((long) published.size())
                    .as("committed events in the topic, against those the publisher saw committed")
                    .isGreaterThanOrEqualTo(publisher.sent())
                    .isGreaterThan(200);
            SinkIT.assertExactlyOnce(new Dataset(sinkData.resolve("parquet")), published);
            assertThat(last.output()).contains("sink: ").doesNotContain("ERROR");
        }
    }

    @Test
    void stoppedWithSigtermTheSinkClosesItsFilesCleanlyAndExitsZero() throws Exception {
        // given: events in the topic and a sink that would not roll by itself for ten minutes
        Settings brokerSettings =
                Settings.load(null, Map.of(), Map.of("data-dir", tmp.resolve("broker").toString()));
        Path dataset = tmp.resolve("sink/parquet");
        try (KafkaConnection kafka = KafkaConnection.open(brokerSettings)) {
            List<SpecificRecord> published =
                    TestEvents.run("sigterm", 30, Instant.parse("2024-02-01T00:00:00Z"));
            TestEvents.publish(kafka, brokerSettings.topic(), published, 8);
            String[] args = {
                "--data-dir",
                tmp.resolve("sink").toString(),
                "--bootstrap-servers",
                kafka.bootstrapServers(),
                "--set",
                "sink.idle-roll-seconds=600"
            };
            SinkProcess sink = SinkProcess.start(tmp.resolve("logs"), "sigterm", args);
            awaitTempFiles(dataset, 3, sink);
            Thread.sleep(1000);
            // when
            sink.terminate();
            int exit = sink.waitFor(60);
            // then
            assertThat(exit).as(sink.output()).isZero();
            assertThat(sink.output()).contains("sink: " + published.size() + " rows");
            SinkIT.assertExactlyOnce(new Dataset(dataset), published);
            assertThat(tempFiles(dataset)).isZero();
            assertThat(new OffsetMarker(new LocalStore(dataset)).read(brokerSettings.topic(), 0))
                    .isPresent();

            // and when: a second sink over the same topic
            SinkProcess again =
                    SinkProcess.start(
                            tmp.resolve("logs"), "after-sigterm", append(args, "--until-idle"));
            // then: the marker was past everything, nothing is read again
            assertThat(again.waitFor(120)).as(again.output()).isZero();
            assertThat(again.output())
                    .contains("sink: 0 rows in 0 files, 0 dead letters, 0 duplicates dropped");
            SinkIT.assertExactlyOnce(new Dataset(dataset), published);
        }
    }

    @Test
    void stoppedWhileItWaitsForItsBrokerTheSinkEndsAtOnceWithZero() throws Exception {
        // given: a "broker" that takes connections and never answers, and a sink waiting on it
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            SinkProcess sink =
                    SinkProcess.start(
                            tmp.resolve("logs"),
                            "waiting",
                            "--data-dir",
                            tmp.resolve("sink").toString(),
                            "--bootstrap-servers",
                            "127.0.0.1:" + silent.getLocalPort());
            try (Socket connected = silent.accept()) {
                // when: SIGTERM while the sink is still opening (it waits up to 15 s for an answer)
                long start = System.nanoTime();
                sink.terminate();
                int exit = sink.waitFor(60);
                long tookMs = (System.nanoTime() - start) / 1_000_000;
                // then: nothing was open; it ends at once, with no error and no trace
                assertThat(exit).as(sink.output()).isZero();
                assertThat(tookMs).as("ms from SIGTERM to the exit").isLessThan(10_000);
                assertThat(sink.output()).doesNotContain("\tat ").doesNotContain("did not answer");
            }
        }
    }

    @Test
    void aSinkThatCannotCloseItsFilesOnSigtermExitsOneAndItsSuccessorWritesEverything()
            throws Exception {
        // given: a sink with open files, one of whose folders has been deleted under it
        Settings brokerSettings =
                Settings.load(null, Map.of(), Map.of("data-dir", tmp.resolve("broker").toString()));
        Path dataset = tmp.resolve("sink/parquet");
        try (KafkaConnection kafka = KafkaConnection.open(brokerSettings)) {
            List<SpecificRecord> published =
                    TestEvents.run("sigterm", 30, Instant.parse("2024-02-01T00:00:00Z"));
            TestEvents.publish(kafka, brokerSettings.topic(), published, 8);
            String[] args = {
                "--data-dir",
                tmp.resolve("sink").toString(),
                "--bootstrap-servers",
                kafka.bootstrapServers(),
                "--set",
                "sink.idle-roll-seconds=600"
            };
            SinkProcess sink = SinkProcess.start(tmp.resolve("logs"), "sigterm-failing", args);
            awaitTempFiles(dataset, 3, sink);
            Thread.sleep(1000);
            deleteTree(dataset.resolve("runs"));
            // when
            sink.terminate();
            int exit = sink.waitFor(60);
            // then
            assertThat(exit).as(sink.output()).isOne();
            assertThat(sink.output())
                    .contains("storagebench sink: ")
                    .doesNotContain("sink: " + published.size());
            assertThat(new OffsetMarker(new LocalStore(dataset)).read(brokerSettings.topic(), 0))
                    .isEmpty();

            // and when: the sink is started again
            SinkProcess again =
                    SinkProcess.start(
                            tmp.resolve("logs"), "after-failure", append(args, "--until-idle"));
            // then
            assertThat(again.waitFor(120)).as(again.output()).isZero();
            SinkIT.assertExactlyOnce(new Dataset(dataset), published);
            assertThat(tempFiles(dataset)).isZero();
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (var paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    static void awaitTempFiles(Path dataset, long count, SinkProcess sink) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (tempFiles(dataset) < count) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the sink opened no files:\n" + sink.output());
            }
            Thread.sleep(20);
        }
    }

    static long tempFiles(Path dataset) throws IOException {
        if (!Files.isDirectory(dataset)) {
            return 0;
        }
        try (var paths = Files.walk(dataset)) {
            return paths.filter(p -> p.getFileName().toString().endsWith(DataFile.TEMP_SUFFIX))
                    .count();
        }
    }

    static void awaitMarkerBeyond(Path marker, long before, SinkProcess sink) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.exists(marker) && Long.parseLong(Files.readString(marker).strip()) > before) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the sink made no progress:\n" + sink.output());
    }

    private static String[] append(String[] args, String arg) {
        String[] all = Arrays.copyOf(args, args.length + 1);
        all[args.length] = arg;
        return all;
    }
}
