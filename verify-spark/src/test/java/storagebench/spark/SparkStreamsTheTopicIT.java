package storagebench.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The application's own broker and topic, filled by the built jar's imports (a CSV of the current
 * schema, an export of TrialTimed v1 and v2) and sunk by it, read by README's Structured Streaming
 * code ({@link TopicTrials}) with {@code trigger(availableNow)}: the trials it writes are the rows
 * of the sink's {@code trials} table, column by column, also after an aborted transaction (not
 * read), and, in a second run from the same checkpoint, after a second copy of an event (dropped).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SparkStreamsTheTopicIT {
    private static final String TOPIC = "storagebench.events";
    private static final String EXPERIMENT = "stream";

    /** Every column of a trial, maps as sorted entries and times as microseconds. */
    private static final String[] COLUMNS = {
        "event_id",
        "run_id",
        "experiment",
        "host",
        "trial_id",
        "trial_index",
        "variant",
        "to_json(array_sort(map_entries(factors)))",
        "repetition",
        "warmup",
        "step",
        "unix_micros(start_time)",
        "unix_micros(end_time)",
        "duration_ns",
        "outcome",
        "error",
        "to_json(array_sort(map_entries(metrics)))",
        "phase",
        "to_json(array_sort(map_entries(host_settings)))"
    };

    private Path dir;
    private App app;
    private String brokers;
    private SparkSession spark;
    private Dataset<Row> trials;

    @BeforeAll
    void fillTheTopicAndSinkIt(@TempDir Path dir) throws Exception {
        this.dir = dir;
        app = new App(Files.createDirectory(dir.resolve("data")), Path.of("target", "stream-logs"));
        app.run("broker", "start");
        brokers = Files.readString(dir.resolve("data/kafka/broker.address")).strip();
        importCsv("first.csv", "t1", "t2", "t3", "t4");
        publishAndAbort(new OlderSchemas.Trial(3, "aborted-0", "disk=nvme", Instant.now(), 1));
        Path v1 = dir.resolve("v1.avro");
        Path v2 = dir.resolve("v2.avro");
        Instant old = Instant.parse("2026-11-29T10:00:00.123456Z");
        OlderSchemas.writeExport(
                v1,
                EXPERIMENT,
                1,
                List.of(new OlderSchemas.Trial(1, "export-0", "disk=nvme", old, 2_000_000_000L)));
        OlderSchemas.writeExport(
                v2,
                EXPERIMENT,
                2,
                List.of(new OlderSchemas.Trial(2, "export-0", "disk=sata", old, 3_000_000_000L)));
        app.run("import", "--format=events", v1.toString(), v2.toString());
        spark = SparkTables.session();
        trials =
                TopicTrials.trials(
                        spark, brokers, Path.of(System.getProperty("storagebench.schemas")));
    }

    @AfterAll
    void close() throws Exception {
        if (spark != null) {
            spark.stop();
        }
        if (app != null) {
            app.run("broker", "stop");
        }
    }

    @Test
    @Order(1)
    void theStreamWritesTheSinksTrialsAndNothingOfAnAbortedTransaction() throws Exception {
        // given: the topic holds an aborted event besides the committed ones
        assertThat(
                        topic("read_uncommitted")
                                .where("instr(CAST(value AS STRING), 'aborted-0') > 0")
                                .count())
                .isEqualTo(1);

        // when
        TopicTrials.append(trials, out(), checkpoint());

        // then
        List<String> streamed = rows(spark.read().parquet(out()));
        assertThat(streamed).isEqualTo(rows(sinksTrials())).hasSize(6);
        assertThat(streamed).noneMatch(row -> row.contains("aborted-0"));
        assertThat(streamed)
                .anyMatch(row -> row.startsWith("v1-run/export-0|") && row.contains("|measured|"));
    }

    @Test
    @Order(2)
    void aSecondRunAppendsWhatCameSinceAndDropsASecondCopyAsTheSinkDoes() throws Exception {
        // given: a second copy of a streamed event, then more trials
        Row first =
                topic("read_committed")
                        .where(col("value").substr(1, 10).equalTo(lit(OlderSchemas.header(3))))
                        .first();
        try (KafkaProducer<byte[], byte[]> producer = producer(Map.of())) {
            producer.send(
                            new ProducerRecord<>(
                                    TOPIC, (byte[]) first.getAs("key"), first.getAs("value")))
                    .get();
        }
        String imported = importCsv("second.csv", "u1", "u2");

        // when
        TopicTrials.append(trials, out(), checkpoint());

        // then
        assertThat(imported).contains("1 duplicates dropped");
        List<String> streamed = rows(spark.read().parquet(out()));
        assertThat(streamed).isEqualTo(rows(sinksTrials())).hasSize(8);
    }

    /** Imports a CSV of these trials of the current schema (the import sinks at its end). */
    private String importCsv(String name, String... trials) throws Exception {
        StringBuilder csv = new StringBuilder("trial,start,duration_s,disk\n");
        for (int i = 0; i < trials.length; i++) {
            csv.append(trials[i])
                    .append(",2026-11-30T08:00:0")
                    .append(i)
                    .append("Z,")
                    .append(i + 1)
                    .append(".5,")
                    .append(i % 2 == 0 ? "nvme" : "sata")
                    .append('\n');
        }
        Path file = Files.writeString(dir.resolve(name), csv);
        return app.run(
                "import",
                "--format=csv",
                "--experiment=" + EXPERIMENT,
                "--option=map.trial=trial",
                "--option=map.start=start",
                "--option=map.duration_s=duration_s",
                "--option=factor.disk=disk",
                "--no-report",
                file.toString());
    }

    /** A trial of the current schema in a transaction that is aborted. */
    private void publishAndAbort(OlderSchemas.Trial trial) throws IOException {
        byte[] event = OlderSchemas.singleObject(EXPERIMENT, trial);
        try (KafkaProducer<byte[], byte[]> producer =
                producer(Map.of(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "aborting"))) {
            producer.initTransactions();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(TOPIC, "aborted".getBytes(), event));
            producer.flush();
            producer.abortTransaction();
        }
    }

    private KafkaProducer<byte[], byte[]> producer(Map<String, Object> more) {
        Map<String, Object> config =
                new HashMap<>(
                        Map.of(
                                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                                brokers,
                                ProducerConfig.ACKS_CONFIG,
                                "all"));
        config.putAll(more);
        return new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer());
    }

    /** The topic read whole, once, by Spark's Kafka source at this isolation level. */
    private Dataset<Row> topic(String isolation) {
        return spark.read()
                .format("kafka")
                .option("kafka.bootstrap.servers", brokers)
                .option("subscribe", TOPIC)
                .option("kafka.isolation.level", isolation)
                .load();
    }

    private Dataset<Row> sinksTrials() {
        return SparkTables.table(spark, app.parquet().toString(), "trials");
    }

    private static List<String> rows(Dataset<Row> trials) {
        return Rows.of(trials.selectExpr(COLUMNS));
    }

    private String out() {
        return dir.resolve("spark/trials").toString();
    }

    private String checkpoint() {
        return dir.resolve("spark/checkpoint").toString();
    }
}
