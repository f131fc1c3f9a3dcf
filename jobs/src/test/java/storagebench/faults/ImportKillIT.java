package storagebench.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.KafkaConnection;
import storagebench.events.RunFinished;
import storagebench.events.RunStarted;
import storagebench.events.RunStatus;
import storagebench.events.TrialTimed;
import storagebench.runner.TopicEvents;

/**
 * An import of many files, published through one producer in transactions that each hold records of
 * several files, killed (SIGKILL) at random points: three times two imports at once (the files split
 * between them, so the next import takes one's producer id and the other's open transaction is
 * fenced by the scan), then one import of all the files that completes. Every record's event is once
 * in the topic, each file is one run with one COMPLETED RunFinished, and importing the files again
 * publishes nothing.
 */
class ImportKillIT {
    private static final int SMALL_FILES = 240;
    private static final int SMALL_ROWS = 5;
    private static final int LARGE_ROWS = 1_500;
    private static final int KILLS = 3;

    @TempDir Path tmp;

    @Test
    void importsOfManyFilesKilledAtRandomPointsThenRunAgainPublishEveryRecordOnce()
            throws Exception {
        // given: 240 files of 5 rows and, among them, 4 of 1,500 (each over several transactions)
        long seed = Long.getLong("faults.seed", System.nanoTime());
        System.out.println("ImportKillIT: seed " + seed + " (-Dfaults.seed=" + seed + ")");
        Random random = new Random(seed);
        Map<String, Integer> rows = new HashMap<>();
        List<String> files = new ArrayList<>();
        for (int i = 0; i < SMALL_FILES; i++) {
            int n = i % 60 == 30 ? LARGE_ROWS : SMALL_ROWS;
            Path file = tmp.resolve("logs").resolve(String.format("run-%03d.csv", i));
            write(file, i, n);
            rows.put(file.getFileName().toString(), n);
            files.add(file.toString());
        }
        int records = rows.values().stream().mapToInt(Integer::intValue).sum();
        Path data = tmp.resolve("data");
        try (KafkaConnection kafka = KafkaConnection.open(Counts.settings(data))) {
            // when: three times, two imports of half the files each killed at a random point
            List<String> kills = new ArrayList<>();
            long reached = 0;
            for (int k = 0; k < KILLS; k++) {
                long target = reached + 200 + random.nextInt(records / (KILLS + 1));
                Child first = importing(data, "first-" + k, files.subList(0, SMALL_FILES / 2));
                Child second =
                        importing(data, "second-" + k, files.subList(SMALL_FILES / 2, SMALL_FILES));
                long deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos();
                while (endOffset(kafka) < target && (first.alive() || second.alive())) {
                    assertThat(System.nanoTime()).as("events appear in time").isLessThan(deadline);
                    Thread.sleep(20);
                }
                Thread.sleep(random.nextInt(100));
                first.kill();
                Thread.sleep(random.nextInt(100));
                second.kill();
                reached = endOffset(kafka);
                kills.add("kill " + (k + 1) + " at offset " + reached + " (target " + target + ")");
            }
            System.out.println("ImportKillIT: " + kills);
            Child all = importing(data, "all", files);
            assertThat(all.waitFor(300)).as(all.output()).isZero();
            assertThat(all.output()).doesNotContain("\tat ").doesNotContain("did not complete");
            System.out.println(
                    "ImportKillIT: the last import continued "
                            + all.output()
                                    .lines()
                                    .filter(l -> l.contains("continuing import"))
                                    .count()
                            + " file(s) and aborted "
                            + all.output()
                                    .lines()
                                    .filter(l -> l.contains("aborted the open"))
                                    .count()
                            + " open transaction(s) of killed imports");

            // then: every record once, each file one run completed once
            List<SpecificRecord> events = TopicEvents.all(kafka);
            List<TrialTimed> trials = TopicEvents.of(events, TrialTimed.class);
            Set<String> ids =
                    trials.stream().map(TrialTimed::getEventId).collect(Collectors.toSet());
            assertThat(ids).as("distinct record events").hasSize(records);
            assertThat(trials).as("record events").hasSize(records);
            Map<String, String> fileOfRun = new HashMap<>();
            Map<String, List<Integer>> attempts = new HashMap<>();
            for (RunStarted started : TopicEvents.of(events, RunStarted.class)) {
                fileOfRun.put(started.getRunId(), started.getTarget().getLocation());
                attempts.computeIfAbsent(started.getRunId(), r -> new ArrayList<>())
                        .add(started.getAttempt());
            }
            assertThat(fileOfRun.values()).containsExactlyInAnyOrderElementsOf(rows.keySet());
            attempts.forEach(
                    (run, numbers) ->
                            assertThat(numbers).as("attempts of %s", run).doesNotHaveDuplicates());
            Map<String, Long> perRun =
                    trials.stream()
                            .collect(
                                    Collectors.groupingBy(
                                            TrialTimed::getRunId, Collectors.counting()));
            Set<String> completed = new HashSet<>();
            for (RunFinished finished : TopicEvents.of(events, RunFinished.class)) {
                if (finished.getStatus() == RunStatus.COMPLETED) {
                    assertThat(completed.add(finished.getRunId()))
                            .as("one COMPLETED RunFinished of %s", finished.getRunId())
                            .isTrue();
                    String file = fileOfRun.get(finished.getRunId());
                    assertThat(perRun.get(finished.getRunId()))
                            .as("records of %s", file)
                            .isEqualTo((long) rows.get(file));
                    assertThat(finished.getAttempt())
                            .isEqualTo(attempts.get(finished.getRunId()).size());
                }
            }
            assertThat(completed).hasSize(SMALL_FILES);

            // and: importing them again publishes nothing
            long end = endOffset(kafka);
            Child again = importing(data, "again", files);
            assertThat(again.waitFor(300)).as(again.output()).isZero();
            assertThat(again.output().lines().filter(l -> l.contains(" already imported as run ")))
                    .hasSize(SMALL_FILES);
            assertThat(endOffset(kafka)).isEqualTo(end);
        }
    }

    private static Child importing(Path data, String name, List<String> files) throws Exception {
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "import",
                                "--data-dir",
                                data.toString(),
                                "--no-sink",
                                "--format",
                                "csv",
                                "--option",
                                "map.trial=trial",
                                "--option",
                                "map.step=step",
                                "--option",
                                "map.duration_s=seconds"));
        args.addAll(files);
        return Child.start(
                data.resolveSibling("logs-of-children"), name, args.toArray(String[]::new));
    }

    private static void write(Path file, int index, int n) throws Exception {
        Files.createDirectories(file.getParent());
        try (BufferedWriter out = Files.newBufferedWriter(file)) {
            out.write("trial,step,seconds\n");
            for (int r = 0; r < n; r++) {
                out.write(
                        "t"
                                + r / 2
                                + ","
                                + (r % 2 == 0 ? "load" : "run")
                                + ","
                                + (index * 10_000 + r) / 1000.0
                                + "\n");
            }
        }
    }

    /** The partition's end offset, read_uncommitted: it grows while a transaction is written. */
    private static long endOffset(KafkaConnection kafka) {
        try (KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(
                        kafka.clientProperties(),
                        new ByteArrayDeserializer(),
                        new ByteArrayDeserializer())) {
            TopicPartition tp = new TopicPartition(kafka.settings().topic(), 0);
            return consumer.endOffsets(List.of(tp)).get(tp);
        }
    }
}
