package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.events.EventCodec;
import storagebench.events.RunFinished;
import storagebench.events.RunStarted;
import storagebench.events.RunStatus;
import storagebench.events.TopicScan;
import storagebench.events.TrialTimed;
import storagebench.events.UndecodableEventException;

/** An import killed with SIGKILL half-way and run again has every record's event exactly once. */
class ImportRestartIT {
    private static final int ROWS = 120_000;

    @TempDir Path tmp;

    @Test
    void aKilledImportIsContinuedByImportingTheFileAgain() throws Exception {
        // given: a large CSV, a broker of the test, and an import in a child process that will be
        // killed
        Path csv = tmp.resolve("large.csv");
        try (BufferedWriter out = Files.newBufferedWriter(csv)) {
            out.write("trial,step,seconds\n");
            for (int i = 0; i < ROWS; i++) {
                out.write(
                        "r"
                                + i / 4
                                + ","
                                + (i % 2 == 0 ? "load" : "run")
                                + ","
                                + (1 + i % 5) / 10.0
                                + "\n");
            }
        }
        String[] options = {
            "--format",
            "csv",
            "--option",
            "map.trial=trial",
            "--option",
            "map.step=step",
            "--option",
            "map.duration_s=seconds",
            "--no-sink"
        };
        Path data = tmp.resolve("data");
        Settings brokerSettings =
                Settings.load(null, Map.of(), Map.of("data-dir", tmp.resolve("broker").toString()));
        try (KafkaConnection kafka = KafkaConnection.open(brokerSettings)) {
            String servers = kafka.bootstrapServers();
            List<String> command =
                    new ArrayList<>(
                            List.of(
                                    Path.of(System.getProperty("java.home"), "bin", "java")
                                            .toString(),
                                    "-cp",
                                    System.getProperty("java.class.path"),
                                    Main.class.getName(),
                                    "import",
                                    "--data-dir",
                                    data.toString(),
                                    "--bootstrap-servers",
                                    servers));
            command.addAll(List.of(options));
            command.add(csv.toString());
            Process child =
                    new ProcessBuilder(command)
                            .redirectErrorStream(true)
                            .redirectOutput(tmp.resolve("child.log").toFile())
                            .start();
            // when: killed once a few chunks are in the topic
            long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            while (endOffset(kafka) < 5_000) {
                assertThat(child.isAlive())
                        .as(
                                "child still running; log: %s",
                                Files.readString(tmp.resolve("child.log")))
                        .isTrue();
                assertThat(System.nanoTime()).as("events appear in time").isLessThan(deadline);
                Thread.sleep(50);
            }
            child.destroyForcibly().waitFor();
            long beforeRestart = trials(kafka).size();
            List<String> again =
                    new ArrayList<>(
                            List.of(
                                    "import",
                                    "--data-dir",
                                    data.toString(),
                                    "--bootstrap-servers",
                                    servers));
            again.addAll(List.of(options));
            again.addAll(List.of("--experiment", "renamed", csv.toString()));
            CliOutput result = CliOutput.run(again.toArray(String[]::new));
            // then
            assertThat(result.exit()).isZero();
            assertThat(beforeRestart).isBetween(1L, ROWS - 1L);
            List<SpecificRecord> events = all(kafka);
            List<TrialTimed> trials =
                    events.stream()
                            .filter(TrialTimed.class::isInstance)
                            .map(TrialTimed.class::cast)
                            .toList();
            Set<String> ids = new HashSet<>();
            trials.forEach(t -> ids.add(t.getEventId()));
            assertThat(trials).hasSize(ROWS);
            assertThat(ids).hasSize(ROWS);
            assertThat(
                            events.stream()
                                    .filter(RunStarted.class::isInstance)
                                    .map(e -> ((RunStarted) e).getAttempt()))
                    .containsExactly(1, 2);
            List<RunFinished> finished =
                    events.stream()
                            .filter(RunFinished.class::isInstance)
                            .map(RunFinished.class::cast)
                            .toList();
            assertThat(finished).hasSize(1);
            assertThat(finished.get(0).getStatus()).isEqualTo(RunStatus.COMPLETED);
            assertThat(finished.get(0).getTrials()).isEqualTo(ROWS / 4);
            assertThat(finished.get(0).getAttempt()).isEqualTo(2);
            // and the run keeps the experiment it began with, saying that --experiment is not
            // applied
            assertThat(events.stream().map(e -> e.get(e.getSchema().getField("experiment").pos())))
                    .allMatch(e -> "csv-large".equals(String.valueOf(e)));
            assertThat(result.out())
                    .contains(
                            "--experiment renamed is not applied: a run keeps the experiment it was"
                                    + " first imported with (csv-large)");
            // and the steps follow each other as in one uninterrupted import
            List<TrialTimed> inOrder =
                    trials.stream()
                            .sorted(Comparator.comparingLong(ImportRestartIT::record))
                            .toList();
            for (int i = 1; i < inOrder.size(); i++) {
                Instant expected =
                        inOrder.get(i - 1)
                                .getStartTime()
                                .plusNanos(inOrder.get(i - 1).getDurationNs());
                assertThat(inOrder.get(i).getStartTime())
                        .as("start of record %d", i + 1)
                        .isEqualTo(expected);
            }
            assertThat(inOrder.get(ROWS - 1).getTrialIndex()).isEqualTo(ROWS / 4 - 1);
        }
    }

    private static long record(TrialTimed trial) {
        String id = trial.getEventId();
        return Long.parseLong(id.substring(id.lastIndexOf('/') + 1, id.lastIndexOf("-L")));
    }

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

    private static List<TrialTimed> trials(KafkaConnection kafka) throws Exception {
        return all(kafka).stream()
                .filter(TrialTimed.class::isInstance)
                .map(TrialTimed.class::cast)
                .toList();
    }

    private static List<SpecificRecord> all(KafkaConnection kafka) {
        EventCodec codec = new EventCodec();
        List<SpecificRecord> events = new ArrayList<>();
        TopicScan.each(
                kafka,
                kafka.settings().topic(),
                message -> {
                    try {
                        events.add(codec.decode(message.value()));
                    } catch (UndecodableEventException e) {
                        throw new IllegalStateException(e);
                    }
                });
        return events;
    }
}
