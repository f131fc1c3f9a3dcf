package storagebench.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.importer.ImportOutcome;
import storagebench.importer.ImportRequest;
import storagebench.importer.LogImport;
import storagebench.importer.SourceFile;
import storagebench.logformat.LogParsers;

/**
 * The inputs of {@code bench import} and its three measurements: an {@code import} of files as the
 * command does it (each file checked, then one scan, one producer, one job), DuckDB's read_csv of a
 * file into Parquet, and the files' logs as written by the tools.
 */
final class ImportBench {
    /** The CSV options the small files are imported with. */
    static final Map<String, String> CSV_OPTIONS =
            Map.of("map.trial", "trial", "map.step", "step", "map.duration_s", "seconds");

    private ImportBench() {}

    /** {@code n} CSV logs of {@code records} steps each, every one different (so each is a run of its own). */
    static List<Path> csvFiles(Path dir, int n, int records) throws IOException {
        Files.createDirectories(dir);
        List<Path> files = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Path file = dir.resolve(String.format("run-%05d.csv", i));
            StringBuilder text = new StringBuilder("trial,step,seconds\n");
            for (int r = 0; r < records; r++) {
                text.append('t')
                        .append(r / 2)
                        .append(',')
                        .append(r % 2 == 0 ? "load" : "run")
                        .append(',')
                        .append((i * 1_000L + r) / 1000.0)
                        .append('\n');
            }
            files.add(Files.writeString(file, text));
        }
        return files;
    }

    /**
     * A pgbench per-transaction log ({@code -l}) of {@code lines} transactions by 10 clients at 10,000
     * tps: {@code client_id transaction_no time script_no time_epoch time_us}, latencies 0.2 to 5 ms.
     */
    static Path pgbenchLog(Path file, long lines) throws IOException {
        Files.createDirectories(file.getParent());
        Random random = new Random(42);
        long[] transactions = new long[10];
        long start = 1_764_000_000L * 1_000_000;
        try (BufferedWriter out = Files.newBufferedWriter(file)) {
            for (long i = 0; i < lines; i++) {
                int client = (int) (i % 10);
                long us = start + i * 100;
                out.write(
                        client
                                + " "
                                + ++transactions[client]
                                + " "
                                + (200 + random.nextInt(4_800))
                                + " 0 "
                                + us / 1_000_000
                                + " "
                                + us % 1_000_000
                                + "\n");
            }
        }
        return file;
    }

    /**
     * Imports the files as {@code import --format <format> --no-sink} does, on the connection's topic;
     * returns the seconds from the first file's check to the last file's RunFinished in the topic.
     */
    static double importFiles(
            Settings settings,
            KafkaConnection kafka,
            String format,
            Map<String, String> options,
            List<Path> files) {
        ImportRequest request =
                new ImportRequest(
                        LogParsers.find(format).orElseThrow(),
                        options,
                        Optional.empty(),
                        Optional.empty(),
                        Map.of());
        long start = System.nanoTime();
        List<SourceFile> sources = new ArrayList<>(files.size());
        for (Path file : files) {
            sources.add(LogImport.check(request, file));
        }
        List<ImportOutcome> outcomes =
                LogImport.execute(settings, kafka, request, sources, outcome -> {});
        double seconds = (System.nanoTime() - start) / 1e9;
        for (ImportOutcome outcome : outcomes) {
            if (!outcome.completed() || outcome.alreadyImported()) {
                throw new IllegalStateException("bench import: " + outcome.summary());
            }
        }
        return seconds;
    }

    /** Seconds DuckDB takes to read the space-separated log with read_csv and write it as one Parquet file. */
    static double duckdb(Path log, Path parquet) throws SQLException, IOException {
        Files.deleteIfExists(parquet);
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                Statement sql = duckdb.createStatement()) {
            long start = System.nanoTime();
            sql.execute(
                    "COPY (SELECT * FROM read_csv('"
                            + log.toString().replace("'", "''")
                            + "', delim = ' ', header = false)) TO '"
                            + parquet.toString().replace("'", "''")
                            + "' (FORMAT parquet)");
            return (System.nanoTime() - start) / 1e9;
        }
    }
}
