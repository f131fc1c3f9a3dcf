package storagebench.sink;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.message.BinaryMessageEncoder;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.events.EventType;
import storagebench.events.Outcome;
import storagebench.events.ReleasedSchemas;
import storagebench.events.TrialTimed;
import storagebench.report.Report;
import storagebench.report.ReportFilter;
import storagebench.report.SummaryRow;

/**
 * TrialTimed v2 added {@code host_settings} with a default. An event written with v1 still lands in
 * the dataset (with the default), and Parquet files written with v1 (as an older sink wrote them)
 * and with v2 are read together by DuckDB and by the report.
 */
class SchemaEvolutionIT {
    private static final Instant START = Instant.parse("2026-11-30T08:00:00Z");

    @TempDir Path data;

    private static Schema v1() {
        return ReleasedSchemas.of(EventType.TRIAL_TIMED).stream()
                .filter(v -> v.version() == 1)
                .findFirst()
                .orElseThrow()
                .schema();
    }

    /** A TrialTimed as a v1 writer made it: no host_settings field at all; timestamps as micros. */
    private static GenericRecord v1Trial(
            String experiment, String eventId, int index, double seconds) {
        Schema schema = v1();
        assertThat(schema.getField("host_settings")).isNull();
        long start = START.plusSeconds(index).getEpochSecond() * 1_000_000;
        GenericRecord r = new GenericData.Record(schema);
        r.put("event_id", eventId);
        r.put("run_id", "old-run");
        r.put("experiment", experiment);
        r.put("host", "h1");
        r.put("trial_id", "old-run-t" + index);
        r.put("trial_index", index);
        r.put("variant", "init=zero");
        r.put("factors", Map.of("init", "zero"));
        r.put("repetition", index + 1);
        r.put("warmup", false);
        r.put("step", "create");
        r.put("start_time", start);
        r.put("end_time", start + (long) (seconds * 1e6));
        r.put("duration_ns", (long) (seconds * 1e9));
        r.put("outcome", new GenericData.EnumSymbol(schema.getField("outcome").schema(), "OK"));
        r.put("error", null);
        r.put("metrics", Map.of("bytes", 8.0 * 1024 * 1024));
        return r;
    }

    private static TrialTimed v2Trial(
            String experiment, String eventId, int index, double seconds) {
        Instant start = START.plusSeconds(index).truncatedTo(ChronoUnit.MICROS);
        return TrialTimed.newBuilder()
                .setEventId(eventId)
                .setRunId("new-run")
                .setExperiment(experiment)
                .setHost("h1")
                .setTrialId("new-run-t" + index)
                .setTrialIndex(index)
                .setVariant("init=zero")
                .setFactors(Map.of("init", "zero"))
                .setRepetition(index + 1)
                .setWarmup(false)
                .setStep("create")
                .setStartTime(start)
                .setEndTime(start.plusNanos((long) (seconds * 1e9)))
                .setDurationNs((long) (seconds * 1e9))
                .setOutcome(Outcome.OK)
                .setMetrics(Map.of())
                .setHostSettings(Map.of("cpu-governor", "performance"))
                .build();
    }

    @Test
    void aV1EventOnTheTopicLandsInTheDatasetWithTheDefault() throws Exception {
        // given: a v1 event in single-object encoding (v1's fingerprint) beside a v2 one
        Settings settings = Settings.load(null, Map.of(), Map.of("data-dir", data.toString()));
        byte[] v1Message =
                new BinaryMessageEncoder<GenericRecord>(GenericData.get(), v1())
                        .encode(v1Trial("evolving", "old-run/0/create", 0, 2.0))
                        .array();
        try (KafkaConnection kafka = KafkaConnection.open(settings)) {
            Map<String, Object> props = new HashMap<>(kafka.clientProperties());
            try (var producer =
                    new KafkaProducer<>(
                            props, new ByteArraySerializer(), new ByteArraySerializer())) {
                producer.send(
                                new ProducerRecord<>(
                                        settings.topic(),
                                        "old-run".getBytes(StandardCharsets.UTF_8),
                                        v1Message))
                        .get();
            }
            TestEvents.publish(
                    kafka,
                    settings.topic(),
                    List.of(v2Trial("evolving", "new-run/1/create", 1, 3.0)),
                    1);
            // when
            SinkResult result = Sink.runUntilIdle(settings, kafka);
            // then
            assertThat(result.deadLetters()).isZero();
            Dataset dataset = new Dataset(settings.parquetDir());
            assertThat(
                            dataset.rowsAsText(
                                    "trials",
                                    "event_id",
                                    "cardinality(host_settings)",
                                    "duration_ns"))
                    .containsExactly(
                            "new-run/1/create|1|3000000000", "old-run/0/create|0|2000000000");
            assertThat(dataset.column("trials", "metrics['bytes']"))
                    .contains(String.valueOf(8.0 * 1024 * 1024));
        }
    }

    @Test
    void parquetFilesOfV1AndV2AreReadTogetherByDuckDbAndTheReport() throws Exception {
        // given: a v1 file as an older sink wrote it (no host_settings column) and the sink's v2
        // files
        Settings settings = Settings.load(null, Map.of(), Map.of("data-dir", data.toString()));
        Path folder =
                Files.createDirectories(
                        settings.parquetDir()
                                .resolve("trials/experiment=evolving/date=2026-11-30"));
        Path old =
                folder.resolve("older.events+0+00000000000000000000+00000000000000000002.parquet");
        try (ParquetWriter<GenericRecord> writer =
                AvroParquetWriter.<GenericRecord>builder(new LocalOutputFile(old))
                        .withConf(new PlainParquetConfiguration())
                        .withSchema(v1())
                        .withDataModel(GenericData.get())
                        .build()) {
            writer.write(v1Trial("evolving", "old-run/0/create", 0, 2.0));
            writer.write(v1Trial("evolving", "old-run/1/create", 1, 4.0));
        }
        try (KafkaConnection kafka = KafkaConnection.open(settings)) {
            TestEvents.publish(
                    kafka,
                    settings.topic(),
                    List.of(
                            v2Trial("evolving", "new-run/2/create", 2, 3.0),
                            v2Trial("evolving", "new-run/3/create", 3, 3.0)),
                    2);
            Sink.runUntilIdle(settings, kafka);
        }
        // when
        Dataset dataset = new Dataset(settings.parquetDir());
        List<SummaryRow> report =
                Report.summarize(
                        settings.parquetDir(), ReportFilter.all().withExperiment("evolving"));
        // then: both files, old rows with NULL host_settings, and statistics over all four trials
        assertThat(old).exists();
        assertThat(dataset.rowsAsText("trials", "event_id", "host_settings['cpu-governor']"))
                .containsExactly(
                        "new-run/2/create|performance",
                        "new-run/3/create|performance",
                        "old-run/0/create|∅",
                        "old-run/1/create|∅");
        assertThat(report).hasSize(1);
        assertThat(report.get(0).n()).isEqualTo(4);
        assertThat(report.get(0).mean()).isEqualTo(3.0);
    }

    @Test
    void theReportReadsFilesWithAndWithoutLaterColumnsTogether(
            @org.junit.jupiter.api.io.TempDir Path root) throws Exception {
        // given: a file as an old sink wrote it (no phase, no host_settings) beside a current one
        Path old = Files.createDirectories(root.resolve("trials/experiment=e/date=2026-11-30"));
        String columns =
                "'e' AS experiment, 'h' AS host, 'v=1' AS variant, 'create' AS step, 'r1' AS run_id, "
                        + "i AS trial_index, false AS warmup, 'OK' AS outcome, 1000000000 * (i + 1) AS duration_ns";
        try (var duckdb = DriverManager.getConnection("jdbc:duckdb:");
                var statement = duckdb.createStatement()) {
            statement.execute(
                    "COPY (SELECT "
                            + columns
                            + " FROM range(0, 2) t(i)) TO '"
                            + old.resolve("old.parquet")
                            + "' (FORMAT parquet)");
            statement.execute(
                    "COPY (SELECT "
                            + columns
                            + ", 'measured' AS phase FROM range(2, 4) t(i)) TO '"
                            + old.resolve("new.parquet")
                            + "' (FORMAT parquet)");
            statement.execute(
                    "COPY (SELECT "
                            + columns
                            + ", 'setup' AS phase FROM range(4, 6) t(i)) TO '"
                            + old.resolve("setup.parquet")
                            + "' (FORMAT parquet)");
        }
        // when
        var rows = Report.summarize(root, ReportFilter.all());
        // then: the four measured trials of both files, not the set-up steps
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0).n()).isEqualTo(4);
        assertThat(rows.get(0).mean()).isEqualTo(2.5);
    }
}
