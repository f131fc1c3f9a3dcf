package storagebench.sink;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewPartitions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.KafkaConnection;
import storagebench.broker.TopicSetup;
import storagebench.config.Settings;

/**
 * Several {@code storagebench sink} processes on one dataset: one consumer group sharing the topic's
 * partitions, through kills and freezes at random moments, each event once in the dataset.
 */
class SinkGroupIT {
    private static final Instant DAY = Instant.parse("2024-03-01T08:00:00Z");

    @TempDir Path tmp;

    @Test
    void threeSinksShareSixPartitionsThroughTwentyFaults() throws Exception {
        // given: a topic of 6 partitions, a publisher of up to 300,000 events in the background
        // (1,600 a second), 3 sinks
        long seed = Long.getLong("sink.group.seed", System.nanoTime());
        System.out.println("SinkGroupIT seed: -Dsink.group.seed=" + seed);
        Random random = new Random(seed);
        String topic = "group-faults";
        try (KafkaConnection kafka = withPartitions(topic, 6)) {
            BackgroundPublisher publisher = publisher(kafka, topic, 300_000, 1_600);
            publisher.start();
            String[] args = sinkArgs(kafka, topic, "sink.roll-rows=4000");
            SinkProcess[] sinks = new SinkProcess[3];
            for (int i = 0; i < sinks.length; i++) {
                sinks[i] = SinkProcess.start(tmp.resolve("logs"), "sink-" + i + "-0", args);
            }
            // when: 20 faults, each SIGKILL (restarted), SIGSTOP past the session timeout then
            // SIGCONT, or SIGSTOP then SIGKILL (restarted), at random moments while events come
            int[] generation = new int[sinks.length];
            for (int fault = 1; fault <= 20; fault++) {
                Thread.sleep(500 + random.nextInt(2500));
                int i = random.nextInt(sinks.length);
                int kind = random.nextInt(3);
                System.out.printf(
                        "fault %d at %d events published: sink %d %s%n",
                        fault,
                        publisher.sent(),
                        i,
                        List.of("killed", "frozen 8 s", "frozen then killed").get(kind));
                if (kind == 0) {
                    sinks[i].kill();
                } else {
                    sinks[i].freeze();
                    Thread.sleep(kind == 1 ? 8000 : 500 + random.nextInt(7000));
                    if (kind == 1) {
                        sinks[i].thaw();
                        continue;
                    }
                    sinks[i].kill();
                }
                Thread.sleep(random.nextInt(1500));
                sinks[i] =
                        SinkProcess.start(
                                tmp.resolve("logs"), "sink-" + i + "-" + ++generation[i], args);
            }
            publisher.assertPublishing("before the last fault");
            // the restarted sink takes events while they still come, then the stream ends: the
            // 20 faults, not the publisher's pace, set how long this takes
            Thread.sleep(3000);
            publisher.end();
            // the orderly end stops sinks that run: one restarted at the last fault may still be a
            // JVM starting, which SIGTERM ends with 143 before the sink's own hook is in place
            for (SinkProcess sink : sinks) {
                awaitOutput(sink, "sinking " + topic);
            }
            for (SinkProcess sink : sinks) {
                sink.terminate();
            }
            for (SinkProcess sink : sinks) {
                assertThat(sink.waitFor(120)).as(sink.output()).isZero();
            }
            SinkProcess last =
                    SinkProcess.start(
                            tmp.resolve("logs"), "sink-last", append(args, "--until-idle"));
            assertThat(last.waitFor(300)).as(last.output()).isZero();

            // then: every event once, counted against the topic, and no file left unfinished
            assertThat(publisher.sent()).isGreaterThan(50_000);
            Path dataset = tmp.resolve("sink/parquet");
            GroupCounts.assertExactlyOnce(kafka, topic, dataset, tmp);
            assertThat(tempFiles(dataset)).isEmpty();
        }
    }

    @Test
    void aSinkFrozenPastItsSessionPublishesNothingOfThePartitionsItLost() throws Exception {
        // given: two sinks sharing 2 partitions while events keep coming, rolling every 300 rows
        String topic = "group-fence";
        try (KafkaConnection kafka = withPartitions(topic, 2)) {
            BackgroundPublisher publisher = publisher(kafka, topic, 40_000, 1_500);
            publisher.start();
            String[] args = sinkArgs(kafka, topic, "sink.roll-rows=300");
            SinkProcess a = SinkProcess.start(tmp.resolve("logs"), "a", args);
            awaitOutput(a, "assigned [" + topic + "-0, " + topic + "-1]");
            SinkProcess b = SinkProcess.start(tmp.resolve("logs"), "b", args);
            awaitOutput(a, "revoked [");
            awaitOutput(b, "assigned [");
            Thread.sleep(1500);
            // when: a is frozen with its partition's files open, past the session timeout (6 s),
            // and thawed once b has been given that partition
            a.freeze();
            awaitOutput(b, "still holds its lock");
            Thread.sleep(2000);
            a.thaw();
            // then: a discards what it had not published, and b takes the partition once a let go
            awaitOutput(a, "not published");
            awaitOutput(b, "its lock came free");
            publisher.await();
            a.terminate();
            b.terminate();
            assertThat(a.waitFor(120)).as(a.output()).isZero();
            assertThat(b.waitFor(120)).as(b.output()).isZero();
            SinkProcess last =
                    SinkProcess.start(tmp.resolve("logs"), "last", append(args, "--until-idle"));
            assertThat(last.waitFor(120)).as(last.output()).isZero();
            GroupCounts.assertExactlyOnce(kafka, topic, tmp.resolve("sink/parquet"), tmp);
            assertThat(a.output()).doesNotContain("\tat ");
        }
    }

    @Test
    void sinksUntilIdleEndOnceTheWholeGroupHasEverything() throws Exception {
        // given: 30,000 events on 6 partitions
        String topic = "group-idle";
        try (KafkaConnection kafka = withPartitions(topic, 6)) {
            BackgroundPublisher publisher = publisher(kafka, topic, 30_000, 0);
            long start = System.nanoTime();
            publisher.start();
            publisher.await();
            System.out.printf("published in %d ms%n", (System.nanoTime() - start) / 1_000_000);
            String[] args = append(sinkArgs(kafka, topic, "sink.roll-rows=2000"), "--until-idle");
            // when: two sinks until idle at once
            SinkProcess one = SinkProcess.start(tmp.resolve("logs"), "one", args);
            SinkProcess two = SinkProcess.start(tmp.resolve("logs"), "two", args);
            start = System.nanoTime();
            SinkProcess first = awaitFirstExit(one, two);
            System.out.printf(
                    "first sink ended after %d ms%n", (System.nanoTime() - start) / 1_000_000);
            // then: when the first ends, the dataset has everything already
            assertThat(first.waitFor(1)).as(first.output()).isZero();
            Path dataset = tmp.resolve("sink/parquet");
            GroupCounts.assertExactlyOnce(kafka, topic, dataset, tmp);
            SinkProcess second = first == one ? two : one;
            assertThat(second.waitFor(120)).as(second.output()).isZero();
            GroupCounts.assertExactlyOnce(kafka, topic, dataset, tmp);
        }
    }

    private KafkaConnection withPartitions(String topic, int partitions) throws Exception {
        Settings settings =
                Settings.load(
                        null,
                        Map.of(),
                        Map.of("data-dir", tmp.resolve("broker").toString(), "kafka.topic", topic));
        KafkaConnection kafka = KafkaConnection.open(settings);
        try (Admin admin = kafka.admin()) {
            int now =
                    admin.describeTopics(List.of(topic))
                            .allTopicNames()
                            .get()
                            .get(topic)
                            .partitions()
                            .size();
            if (now < partitions) {
                admin.createPartitions(Map.of(topic, NewPartitions.increaseTo(partitions)))
                        .all()
                        .get();
                // written only once they answer: a transaction that reaches a partition before
                // its leader hosts it fails as INVALID_TXN_STATE
                TopicSetup.awaitHosted(admin, topic, partitions);
            }
        }
        return kafka;
    }

    private String[] sinkArgs(KafkaConnection kafka, String topic, String... settings) {
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "--data-dir",
                                tmp.resolve("sink").toString(),
                                "--bootstrap-servers",
                                kafka.bootstrapServers(),
                                "--set",
                                "kafka.topic=" + topic,
                                "--set",
                                "sink.session-timeout-seconds=6",
                                "--set",
                                "sink.idle-roll-seconds=1"));
        for (String setting : settings) {
            args.add("--set");
            args.add(setting);
        }
        return args.toArray(String[]::new);
    }

    private static String[] append(String[] args, String... more) {
        return Stream.concat(Stream.of(args), Stream.of(more)).toArray(String[]::new);
    }

    private static void awaitOutput(SinkProcess sink, String text) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (!sink.output().contains(text)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no '" + text + "' within 90 s:\n" + sink.output());
            }
            Thread.sleep(100);
        }
    }

    private static SinkProcess awaitFirstExit(SinkProcess one, SinkProcess two)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos();
        while (one.alive() && two.alive()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(
                        "neither sink ended within 180 s:\n" + one.output() + two.output());
            }
            Thread.sleep(50);
        }
        return one.alive() ? two : one;
    }

    private static List<Path> tempFiles(Path dataset) throws Exception {
        try (Stream<Path> files = Files.walk(dataset)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    /** Whole runs of 100 events, one transaction per 25, as a runner does per trial. */
    private static BackgroundPublisher publisher(
            KafkaConnection kafka, String topic, long total, long perSecond) {
        return new BackgroundPublisher(
                kafka,
                topic,
                run -> TestEvents.run("group " + run % 7, 98, DAY.plusSeconds(run)),
                25,
                total,
                perSecond);
    }
}
