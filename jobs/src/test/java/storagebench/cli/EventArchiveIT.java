package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.events.EventType;
import storagebench.export.EventArchive;
import storagebench.runner.TopicEvents;
import storagebench.sink.Dataset;
import storagebench.sink.TestEvents;

/**
 * {@code export} → {@code import --format events} into a fresh data directory and topic gives the same
 * rows; importing the export again adds none; the file is a plain Avro container file.
 */
class EventArchiveIT {
    @TempDir static Path tmp;
    static Path source;
    static KafkaConnection kafka;

    @BeforeAll
    static void history() throws Exception {
        // given: a history of runs, imports and an aborted transaction in the source's topic
        source = tmp.resolve("source");
        // 6 partitions here; README's export (ReadmeCommandsIT) reads one
        Settings settings =
                Settings.load(
                        null,
                        Map.of(),
                        Map.of("data-dir", source.toString(), "kafka.partitions", "6"));
        kafka = KafkaConnection.open(settings);
        assertThat(TopicEvents.partitions(kafka)).isEqualTo(6);
        assertThat(
                        CliOutput.run(
                                        "import",
                                        "--data-dir",
                                        source.toString(),
                                        "--no-report",
                                        "--format",
                                        "file-stats",
                                        ImportIT.fixture("file-stats/bad-rows.csv").toString())
                                .exit())
                .isZero();
        TestEvents.publish(
                kafka,
                settings.topic(),
                TestEvents.run("archive-a", 5, Instant.parse("2026-11-01T08:00:00Z")),
                2);
        TestEvents.publishAborted(
                kafka, settings.topic(), TestEvents.run("aborted", 2, Instant.now()));
        assertThat(
                        CliOutput.run(
                                        "import",
                                        "--data-dir",
                                        source.toString(),
                                        "--no-report",
                                        "--format",
                                        "pgbench",
                                        ImportIT.fixture(
                                                        "pgbench/summary-pg15-multiple-scripts.txt")
                                                .toString())
                                .exit())
                .isZero();
    }

    @AfterAll
    static void stop() {
        kafka.close();
    }

    private static CliOutput restore(Path data, Path archive) {
        return CliOutput.run(
                "import",
                "--format",
                "events",
                "--data-dir",
                data.toString(),
                "--bootstrap-servers",
                kafka.bootstrapServers(),
                "--set",
                "kafka.topic=restored.events",
                archive.toString());
    }

    @Test
    void anExportImportedElsewhereGivesTheSameRowsAndOnlyOnce() throws Exception {
        // given
        Path archive = tmp.resolve("history.avro");
        CliOutput exported =
                CliOutput.run(
                        "export", "--data-dir", source.toString(), "--to", archive.toString());
        Path target = tmp.resolve("target");
        // when: into a fresh data directory and another topic
        CliOutput first = restore(target, archive);
        long trials = new Dataset(target.resolve("parquet")).rows("trials");
        CliOutput second = restore(target, archive);
        // then
        assertThat(exported.exit()).isZero();
        assertThat(exported.out())
                .containsPattern(": \\d+ event\\(s\\) \\(.*\\bruns \\d+, .*trials \\d+\\)\n");
        assertThat(first.exit()).isZero();
        assertThat(second.exit()).isZero();
        assertThat(second.out())
                .contains(
                        "0 published, "
                                + exported.out().replaceAll("(?s).*: (\\d+) event\\(s\\).*", "$1")
                                + " already in restored.events");
        assertThat(new Dataset(target.resolve("parquet")).rows("trials")).isEqualTo(trials);
        ReplayIT.assertSameRows(
                new Dataset(target.resolve("parquet")), new Dataset(source.resolve("parquet")));
        assertThat(new Dataset(target.resolve("parquet")).column("runs", "DISTINCT experiment"))
                .doesNotContain("aborted");
        assertThat(tmp).isDirectoryNotContaining("glob:**/.history.avro.tmp");
    }

    @Test
    void theExportIsAPlainAvroFileOneExperimentAtATimeIfAsked() throws Exception {
        // given
        Path archive = tmp.resolve("archive-a.avro");
        // when
        CliOutput exported =
                CliOutput.run(
                        "export",
                        "--data-dir",
                        source.toString(),
                        "--to",
                        archive.toString(),
                        "--experiment",
                        "archive-a");
        // then: any Avro reader, with no storagebench class, reads it
        assertThat(exported.exit()).isZero();
        List<String> types = new ArrayList<>();
        try (DataFileReader<GenericRecord> reader =
                new DataFileReader<>(archive.toFile(), new GenericDatumReader<>())) {
            assertThat(reader.getMetaString(EventArchive.META_TOPIC))
                    .isEqualTo("storagebench.events");
            assertThat(reader.getMetaString(EventArchive.META_EXPERIMENT)).isEqualTo("archive-a");
            assertThat(reader.getSchema().getTypes()).hasSize(EventType.values().length);
            for (GenericRecord record : reader) {
                types.add(record.getSchema().getName());
                assertThat(record.get("experiment")).hasToString("archive-a");
            }
        }
        assertThat(types)
                .containsExactly(
                        "RunStarted",
                        "TrialTimed",
                        "TrialTimed",
                        "TrialTimed",
                        "TrialTimed",
                        "TrialTimed",
                        "RunFinished");
        // and an experiment the topic does not hold is an empty export that says so
        CliOutput none =
                CliOutput.run(
                        "export",
                        "--data-dir",
                        source.toString(),
                        "--to",
                        tmp.resolve("none.avro").toString(),
                        "--experiment",
                        "archive-none");
        assertThat(none.exit()).isZero();
        assertThat(none.out())
                .endsWith(": 0 event(s) (none of experiment 'archive-none' in the topic)\n");
    }

    @Test
    void aFileThatIsNoExportIsRefused() throws Exception {
        // given
        Path notAvro = Files.writeString(tmp.resolve("notes.avro"), "hello");
        // when
        CliOutput result = restore(tmp.resolve("other"), notAvro);
        CliOutput withLabels =
                CliOutput.run("import", "--format", "events", "--host", "h", notAvro.toString());
        // then
        assertThat(result.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(result.err()).contains(notAvro + ": not a storagebench events export");
        assertThat(withLabels.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(withLabels.err()).contains("--host");
    }
}
