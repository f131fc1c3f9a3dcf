package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.runner.TopicEvents;
import storagebench.sink.Dataset;
import storagebench.sink.Replay;
import storagebench.sink.TestEvents;

/**
 * {@code replay} rebuilds, from the topic alone, the dataset the sink built incrementally: the same
 * rows in every table, also with a dead letter in the topic; it continues an earlier replay, filters
 * by experiment and by publish time, and refuses folders that are not its own.
 */
class ReplayIT {
    /** The columns compared per table, beside the event ids. */
    static final Map<String, String[]> COLUMNS =
            Map.of(
                    "runs",
                            new String[] {
                                "event_id",
                                "run_id",
                                "experiment",
                                "attempt",
                                "config_sha256",
                                "start_time"
                            },
                    "trials",
                            new String[] {
                                "event_id",
                                "trial_id",
                                "trial_index",
                                "variant",
                                "step",
                                "start_time",
                                "duration_ns",
                                "outcome",
                                "metrics",
                                "host_settings",
                                "date"
                            },
                    "run_finished",
                            new String[] {
                                "event_id", "status", "trials", "failures", "error", "end_time"
                            },
                    "io_samples",
                            new String[] {
                                "event_id",
                                "trial_id",
                                "file",
                                "interval_start",
                                "iops",
                                "queued_ms"
                            });

    @TempDir static Path tmp;
    static Path data;
    static Settings settings;
    static KafkaConnection kafka;
    static Instant between;

    @BeforeAll
    static void incrementalDataset() throws Exception {
        // given: the live dataset built in three sink runs, with a message that is no event in the
        // topic
        data = tmp.resolve("data");
        settings =
                Settings.load(
                        null,
                        Map.of(),
                        // 6 partitions here; README's replay (ReadmeCommandsIT) reads one
                        Map.of(
                                "data-dir",
                                data.toString(),
                                "sink.roll-rows",
                                "5",
                                "kafka.partitions",
                                "6"));
        kafka = KafkaConnection.open(settings);
        assertThat(TopicEvents.partitions(kafka)).isEqualTo(6);
        assertThat(
                        CliOutput.run(
                                        "import",
                                        "--data-dir",
                                        data.toString(),
                                        "--set",
                                        "sink.roll-rows=5",
                                        "--no-report",
                                        "--format",
                                        "file-stats",
                                        ImportIT.fixture("file-stats/throttled-100gb.csv")
                                                .toString())
                                .exit())
                .isZero();
        TestEvents.publish(
                kafka,
                settings.topic(),
                TestEvents.run("replay-a", 7, Instant.parse("2026-11-29T23:59:58Z")),
                3);
        notAnEvent();
        assertThat(CliOutput.run("sink", "--until-idle", "--data-dir", data.toString()).exit())
                .isZero();
        Thread.sleep(50);
        between = Instant.now();
        Thread.sleep(50);
        TestEvents.publish(
                kafka,
                settings.topic(),
                TestEvents.run("replay-b", 4, Instant.parse("2026-11-30T10:00:00Z")),
                2);
        assertThat(
                        CliOutput.run(
                                        "import",
                                        "--data-dir",
                                        data.toString(),
                                        "--no-report",
                                        "--format",
                                        "fio",
                                        ImportIT.fixture("fio/two-jobs.json").toString())
                                .exit())
                .isZero();
    }

    @AfterAll
    static void stop() {
        kafka.close();
    }

    private static void notAnEvent() {
        Map<String, Object> props = new HashMap<>(kafka.clientProperties());
        try (var producer =
                new KafkaProducer<>(props, new ByteArraySerializer(), new ByteArraySerializer())) {
            producer.send(
                    new ProducerRecord<>(
                            settings.topic(),
                            "x".getBytes(StandardCharsets.UTF_8),
                            "not avro".getBytes(StandardCharsets.UTF_8)));
        }
    }

    private static CliOutput replay(Path to, String... more) {
        List<String> args =
                new ArrayList<>(
                        List.of("replay", "--data-dir", data.toString(), "--to", to.toString()));
        args.addAll(List.of(more));
        return CliOutput.run(args.toArray(String[]::new));
    }

    static void assertSameRows(Dataset actual, Dataset expected) throws Exception {
        for (Map.Entry<String, String[]> table : COLUMNS.entrySet()) {
            assertThat(actual.column(table.getKey(), "event_id"))
                    .as(table.getKey() + " event ids")
                    .isNotEmpty()
                    .containsExactlyElementsOf(expected.column(table.getKey(), "event_id"));
            assertThat(actual.rowsAsText(table.getKey(), table.getValue()))
                    .as(table.getKey() + " rows")
                    .containsExactlyElementsOf(
                            expected.rowsAsText(table.getKey(), table.getValue()));
        }
    }

    @Test
    void aReplayHoldsTheSameRowsAsTheIncrementalDatasetAndContinuesIntoItself() throws Exception {
        // when
        Path to = tmp.resolve("replayed");
        CliOutput result = replay(to);
        // then
        assertThat(result.exit()).isZero();
        assertThat(result.out()).contains("replay into " + to + ": ").contains("1 dead letters");
        Dataset live = new Dataset(data.resolve("parquet"));
        Dataset replayed = new Dataset(to);
        assertSameRows(replayed, live);
        assertThat(Files.readString(to.resolve(Replay.RECORD)))
                .contains("from=earliest")
                .contains("experiment=*");

        // when: the same replay again, after a new event
        TestEvents.publish(
                kafka,
                settings.topic(),
                TestEvents.run("replay-c", 1, Instant.parse("2026-11-30T11:00:00Z")),
                5);
        long before = replayed.rows("trials");
        CliOutput again = replay(to);
        // then: it continued where it stopped
        assertThat(again.exit()).isZero();
        assertThat(again.out())
                .contains(
                        "replay into "
                                + to
                                + " continued the earlier replay there, adding 3 rows (run_finished 1,"
                                + " runs 1, trials 1) in ");
        assertThat(replayed.rows("trials")).isEqualTo(before + 1);
        assertThat(replayed.distinctEventIds("trials")).isEqualTo(before + 1);
    }

    @Test
    void anExperimentFilterAndAStartTimeKeepOnlyTheirEvents() throws Exception {
        // when
        Path onlyA = tmp.resolve("only-a");
        Path recent = tmp.resolve("recent");
        CliOutput filtered = replay(onlyA, "--experiment", "replay-a");
        CliOutput since = replay(recent, "--from", between.toString());
        // then
        assertThat(filtered.exit()).isZero();
        assertThat(new Dataset(onlyA).column("trials", "DISTINCT experiment"))
                .containsExactly("replay-a");
        assertThat(new Dataset(onlyA).rows("trials")).isEqualTo(7);
        assertThat(new Dataset(onlyA).rows("io_samples")).isZero();
        assertThat(since.exit()).isZero();
        assertThat(new Dataset(recent).column("runs", "experiment"))
                .doesNotContain("replay-a", "seed003")
                .contains("replay-b", "fio-two-jobs");
    }

    @Test
    void foldersThatAreNotAnEarlierReplayOfTheSameAreRefused() throws Exception {
        // given
        Path used = Files.createDirectories(tmp.resolve("used"));
        Files.writeString(used.resolve("notes.txt"), "mine");
        Path earlier = tmp.resolve("earlier");
        assertThat(replay(earlier, "--experiment", "replay-b").exit()).isZero();
        // when
        CliOutput notEmpty = replay(used);
        CliOutput otherOptions = replay(earlier, "--experiment", "replay-a");
        CliOutput live = replay(data.resolve("parquet"));
        CliOutput badTime = replay(tmp.resolve("x"), "--from", "yesterday");
        // then
        assertThat(notEmpty.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(notEmpty.err()).contains(used + ": is not empty and holds no earlier replay");
        assertThat(otherOptions.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(otherOptions.err())
                .contains("holds a replay of")
                .contains("experiment=replay-b");
        assertThat(live.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(live.err()).contains("is the live dataset");
        assertThat(badTime.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(badTime.err()).contains("--from: expected earliest or an ISO-8601 time");
    }
}
