package storagebench.sink;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.events.EventType;

class SinkIT {
    private static final Instant NEAR_MIDNIGHT = Instant.parse("2024-05-31T23:59:50Z");

    @TempDir Path data;

    @Test
    void everyEventLandsExactlyOnceAndRerunsOnlyAppendWhatIsNew() throws Exception {
        // given: runs of three experiments, one with a name that is no safe folder name, crossing
        // midnight
        Settings settings =
                Settings.load(
                        null, Map.of(), Map.of("data-dir", data.toString(), "sink.roll-rows", "7"));
        List<SpecificRecord> first = new ArrayList<>();
        first.addAll(TestEvents.run("file-init", 12, NEAR_MIDNIGHT));
        first.addAll(TestEvents.run("filegroup-insert", 5, NEAR_MIDNIGHT.plusSeconds(3600)));
        first.addAll(TestEvents.run("seed 000/ifi é", 3, NEAR_MIDNIGHT.minusSeconds(86_400)));
        first.addAll(TestEvents.run("file-init", 4, NEAR_MIDNIGHT.plusSeconds(7200)));
        try (KafkaConnection kafka = KafkaConnection.open(settings)) {
            TestEvents.publish(kafka, settings.topic(), first, 5);
            // when
            SinkResult result = Sink.runUntilIdle(settings, kafka);
            // then
            Dataset dataset = new Dataset(settings.parquetDir());
            assertExactlyOnce(dataset, first);
            assertThat(result.rows()).isEqualTo(first.size());
            assertThat(result.rows("trials")).isEqualTo(24);
            assertThat(result.deadLetters()).isZero();
            assertThat(dataset.column("trials", "DISTINCT experiment || ' ' || date"))
                    .containsExactly(
                            "file-init 2024-05-31",
                            "file-init 2024-06-01",
                            "filegroup-insert 2024-06-01",
                            "seed 000/ifi é 2024-05-30");
            assertThat(dataset.column("run_finished", "DISTINCT date"))
                    .containsExactly("2024-05-30", "2024-06-01");
            assertThat(
                            Files.isDirectory(
                                    settings.parquetDir()
                                            .resolve(
                                                    "trials/experiment=seed%20000%2Fifi%20\u00e9/date=2024-05-30")))
                    .isTrue();
            assertThat(dataset.column("runs", "DISTINCT typeof(start_time)"))
                    .containsExactly("TIMESTAMP WITH TIME ZONE");

            // when: nothing new
            List<String> filesBefore = files(settings.parquetDir());
            SinkResult again = Sink.runUntilIdle(settings, kafka);
            // then
            assertThat(again.rows()).isZero();
            assertThat(files(settings.parquetDir())).isEqualTo(filesBefore);

            // when: more events, and a trial whose transaction was aborted
            List<SpecificRecord> second =
                    TestEvents.run("file-io", 6, NEAR_MIDNIGHT.plusSeconds(20));
            TestEvents.publishAborted(
                    kafka, settings.topic(), TestEvents.run("aborted", 2, NEAR_MIDNIGHT));
            TestEvents.publish(kafka, settings.topic(), second, 3);
            SinkResult more = Sink.runUntilIdle(settings, kafka);
            // then
            List<SpecificRecord> all = new ArrayList<>(first);
            all.addAll(second);
            assertThat(more.rows()).isEqualTo(second.size());
            assertExactlyOnce(dataset, all);
            assertThat(dataset.column("trials", "DISTINCT experiment")).doesNotContain("aborted");
            assertThat(files(settings.parquetDir())).containsAll(filesBefore);
        }
    }

    static void assertExactlyOnce(Dataset dataset, List<SpecificRecord> published)
            throws Exception {
        for (EventType type : EventType.values()) {
            List<String> expected =
                    published.stream()
                            .filter(e -> EventType.of(e) == type)
                            .map(TestEvents::eventId)
                            .toList();
            assertThat(dataset.rows(type.table()))
                    .as(type.table() + " rows")
                    .isEqualTo(expected.size());
            assertThat(dataset.column(type.table(), "event_id"))
                    .as(type.table() + " event ids")
                    .containsExactlyInAnyOrderElementsOf(expected);
        }
    }

    static List<String> files(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            return paths.filter(p -> p.toString().endsWith(".parquet"))
                    .map(p -> root.relativize(p).toString())
                    .sorted()
                    .toList();
        }
    }
}
