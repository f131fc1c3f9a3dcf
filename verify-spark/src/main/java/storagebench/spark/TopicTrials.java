package storagebench.spark;

import static org.apache.spark.sql.avro.functions.from_avro;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.when;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQueryException;
import org.apache.spark.sql.streaming.Trigger;

/**
 * The topic's trials as a Spark stream, the rows the sink writes to {@code trials}: README's Spark
 * section shows this code from {@code trials(…)} to the end ({@code ReadmeShowsTheSparkCodeTest}
 * keeps it so), and the test runs it.
 */
final class TopicTrials {
    private TopicTrials() {}

    /** TrialTimed events of storagebench.events; released is the schemas/released folder. */
    static Dataset<Row> trials(SparkSession spark, String brokers, Path released)
            throws IOException {
        Dataset<Row> events =
                spark.readStream()
                        .format("kafka")
                        .option("kafka.bootstrap.servers", brokers)
                        .option("subscribe", "storagebench.events")
                        // events of committed transactions only, as the sink reads them
                        .option("kafka.isolation.level", "read_committed")
                        .option("startingOffsets", "earliest")
                        .load();
        List<Path> versions; // TrialTimed/v1.avsc, v2.avsc, …: the newest is the current schema
        try (Stream<Path> files = Files.list(released.resolve("TrialTimed"))) {
            versions = files.sorted(Comparator.comparingInt(TopicTrials::version)).toList();
        }
        String current = Files.readString(versions.get(versions.size() - 1));
        // single-object encoding: C3 01, the writer schema's fingerprint (8 bytes), the Avro binary
        Column header = col("value").substr(1, 10);
        Column body = col("value").substr(11, Integer.MAX_VALUE);
        List<Column> headers = new ArrayList<>();
        Column trial = null;
        for (Path version : versions) {
            String writer = Files.readString(version);
            Column ofVersion = header.equalTo(lit(header(writer)));
            // an older version is read as the current one, a later field taking its default
            Column decoded = from_avro(body, writer, Map.of("avroSchema", current));
            trial = trial == null ? when(ofVersion, decoded) : trial.when(ofVersion, decoded);
            headers.add(lit(header(writer)));
        }
        return events.where(header.isin(headers.toArray()))
                .select(trial.as("trial"))
                .select("trial.*")
                // a second copy of an event (a producer's retry) is dropped, as the sink drops it
                .dropDuplicates("event_id");
    }

    private static int version(Path avsc) {
        return Integer.parseInt(avsc.getFileName().toString().replaceAll("\\D", ""));
    }

    private static byte[] header(String schema) {
        long fingerprint =
                SchemaNormalization.parsingFingerprint64(new Schema.Parser().parse(schema));
        return ByteBuffer.allocate(10)
                .order(ByteOrder.LITTLE_ENDIAN)
                .put((byte) 0xC3)
                .put((byte) 0x01)
                .putLong(fingerprint)
                .array();
    }

    /** Appends what the topic holds now and no earlier call appended, as Parquet files under out. */
    static void append(Dataset<Row> trials, String out, String checkpoint)
            throws TimeoutException, StreamingQueryException {
        trials.writeStream()
                .format("parquet")
                .option("path", out)
                .option("checkpointLocation", checkpoint) // where the last call ended, ids seen
                .trigger(Trigger.AvailableNow())
                .start()
                .awaitTermination();
    }
}
