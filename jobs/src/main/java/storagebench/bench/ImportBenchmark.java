package storagebench.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import storagebench.broker.BrokerFiles;
import storagebench.broker.BrokerProcess;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;

/**
 * {@code bench import}: in ABBA pairs ({@link Abba}) after a warm-up pair, (1) many small CSV files
 * imported by one {@code import} against their floor, each file's events in a Kafka transaction of
 * its own through a bare producer ({@link ImportFloor}); (2) one large pgbench per-transaction log
 * imported against DuckDB's read_csv of it into Parquet. Every import runs on a topic of its own, so
 * each publishes every file anew. Everything lands in a temporary folder (the embedded broker too,
 * unless a cluster is configured) that is removed afterwards.
 */
public final class ImportBenchmark {
    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmssSSS'Z'").withZone(ZoneOffset.UTC);

    private ImportBenchmark() {}

    public static ImportBenchReport run(
            Settings settings, int files, int records, long lines, int pairs) throws Exception {
        Path root = SinkBenchmark.tempFolder();
        Settings local = settings.withDataDir(root.resolve("data"));
        String prefix = "storagebench.bench.import." + STAMP.format(Instant.now()) + ".";
        int[] topics = {0};
        try {
            List<Path> small = ImportBench.csvFiles(root.resolve("files"), files, records);
            Path log =
                    ImportBench.pgbenchLog(root.resolve("pgbench").resolve("pgbench_log.1"), lines);
            String first = prefix + topics[0]++;
            try (KafkaConnection kafka = KafkaConnection.open(local.withTopic(first))) {
                ImportBench.importFiles(
                        kafka.settings(), kafka, "csv", ImportBench.CSV_OPTIONS, small);
                try (ImportFloor floor = new ImportFloor(kafka, first, prefix + "floor")) {
                    Abba.Paired<Double> many =
                            Abba.run(
                                    pairs,
                                    true,
                                    pair -> floor.publish(),
                                    pair ->
                                            importOnTopic(
                                                    local,
                                                    prefix + topics[0]++,
                                                    "csv",
                                                    ImportBench.CSV_OPTIONS,
                                                    small));
                    Path parquet = root.resolve("duckdb.parquet");
                    Abba.Paired<Double> big =
                            Abba.run(
                                    pairs,
                                    true,
                                    pair -> ImportBench.duckdb(log, parquet),
                                    pair ->
                                            importOnTopic(
                                                    local,
                                                    prefix + topics[0]++,
                                                    "pgbench",
                                                    Map.of(),
                                                    List.of(log)));
                    return new ImportBenchReport(
                            files,
                            records,
                            floor.records(),
                            lines,
                            Files.size(log),
                            kafka.embedded(),
                            many,
                            big);
                }
            }
        } finally {
            if (settings.bootstrapServers().isEmpty()) {
                BrokerProcess.stop(BrokerFiles.of(local.kafkaDir()), Duration.ofSeconds(30));
            } else if (topics[0] > 0) {
                deleteTopics(local, prefix, topics[0]);
            }
            SinkBenchmark.deleteRecursively(root);
        }
    }

    /** The benchmark's topics on a configured cluster, and the dead-letter topic each got. */
    private static void deleteTopics(Settings settings, String prefix, int count) throws Exception {
        List<String> names = new ArrayList<>(List.of(prefix + "floor"));
        for (int i = 0; i < count; i++) {
            names.add(prefix + i);
            names.add(settings.withTopic(prefix + i).deadLetterTopic());
        }
        try (KafkaConnection kafka = KafkaConnection.open(settings.withTopic(prefix + 0));
                Admin admin = kafka.admin()) {
            admin.deleteTopics(names).all().get();
        }
    }

    /**
     * The seconds one import of the files takes, on a new topic of its own (created untimed), so that
     * nothing is imported yet.
     */
    private static double importOnTopic(
            Settings settings,
            String topic,
            String format,
            Map<String, String> options,
            List<Path> files)
            throws Exception {
        try (KafkaConnection kafka = KafkaConnection.open(settings.withTopic(topic))) {
            return ImportBench.importFiles(kafka.settings(), kafka, format, options, files);
        }
    }
}
