package storagebench.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static storagebench.spark.BuiltDataset.ESCAPED;
import static storagebench.spark.BuiltDataset.NUMERIC;
import static storagebench.spark.BuiltDataset.OLD;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The dataset made by the built application ({@link BuiltDataset}: a file-io run, all four tables, a
 * CSV import and TrialTimed of schema v1, v2 and v3 side by side, in experiments whose names need
 * escaping) read by Spark SQL as README shows and by DuckDB on the same files: the same rows, means, timestamps,
 * maps and partition values. The same topic is also sunk by the application onto a real HDFS
 * (MiniDFSCluster) and a real S3 endpoint (S3Proxy), the older sinks' files copied beside it with
 * Hadoop's API; Spark reads {@code hdfs://} and {@code s3a://} and DuckDB a local copy of each.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SparkReadsTheDatasetIT {
    private static final List<String> TABLES =
            List.of("runs", "trials", "run_finished", "io_samples", "host_samples");

    /** Where the dataset is: Spark reads it there, DuckDB the local folder or a local copy. */
    enum Storage {
        LOCAL,
        HDFS,
        S3
    }

    private App app;
    private MiniHdfs hdfs;
    private S3ProxyServer s3;
    private SparkSession spark;
    private SparkWarnings warnings;
    private final Map<Storage, String> urls = new EnumMap<>(Storage.class);
    private final Map<Storage, Map<String, Dataset<Row>>> tables = new EnumMap<>(Storage.class);
    private final Map<Storage, Connection> duckdbs = new EnumMap<>(Storage.class);
    private Connection duckdb;

    @BeforeAll
    void makeTheDatasetEverywhereAndOpenBothEngines(@TempDir Path dir) throws Exception {
        app =
                new App(
                        Files.createDirectory(dir.resolve("data")),
                        Path.of("target", "storagebench-logs"));
        hdfs = MiniHdfs.start(dir.resolve("hdfs"));
        s3 = S3ProxyServer.start(dir.resolve("s3"));
        s3.createBucket("bench");
        urls.put(Storage.LOCAL, app.parquet().toString());
        urls.put(Storage.HDFS, hdfs.url("/bench/dataset"));
        urls.put(Storage.S3, "s3a://bench/dataset");
        try {
            BuiltDataset.make(app, dir);
            // the same topic, sunk by the application onto HDFS and S3
            BuiltDataset.sinkTo(app, urls.get(Storage.HDFS), Map.of());
            BuiltDataset.sinkTo(app, urls.get(Storage.S3), s3.settings());
        } finally {
            app.run("broker", "stop");
        }
        spark = SparkTables.session();
        SparkTables.hadoop(spark, s3.settings());
        warnings = SparkWarnings.attach();
        for (Storage storage : Storage.values()) {
            Path local = app.parquet();
            if (storage != Storage.LOCAL) {
                BuiltDataset.copyOlderSinksFiles(
                        app, spark.sparkContext().hadoopConfiguration(), urls.get(storage));
                local =
                        HadoopCopies.download(
                                spark.sparkContext().hadoopConfiguration(),
                                urls.get(storage),
                                dir.resolve("copy-" + storage));
            }
            Map<String, Dataset<Row>> read = new LinkedHashMap<>();
            for (String table : TABLES) {
                read.put(table, SparkTables.table(spark, urls.get(storage), table));
            }
            tables.put(storage, read);
            duckdbs.put(storage, duckdbOn(local));
        }
    }

    private static Connection duckdbOn(Path parquet) throws SQLException {
        Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement statement = duckdb.createStatement()) {
            for (String table : TABLES) {
                statement.execute(
                        "CREATE VIEW "
                                + table
                                + " AS SELECT * FROM read_parquet('"
                                + parquet
                                + "/"
                                + table
                                + "/**/*.parquet', hive_partitioning = true, union_by_name = true)");
            }
        }
        return duckdb;
    }

    /** Spark's views are the storage's tables, DuckDB's its local folder or copy. */
    private void use(Storage storage) {
        tables.get(storage).forEach((table, rows) -> rows.createOrReplaceTempView(table));
        duckdb = duckdbs.get(storage);
    }

    @AfterAll
    void close() throws SQLException {
        if (spark != null) {
            spark.stop();
        }
        for (Connection connection : duckdbs.values()) {
            connection.close();
        }
        if (s3 != null) {
            s3.close();
        }
        if (hdfs != null) {
            hdfs.close();
        }
    }

    @ParameterizedTest
    @EnumSource
    void everyTableHasTheSameRowsInBothEngines(Storage storage) throws SQLException {
        use(storage);
        for (String table : TABLES) {
            // given / when
            String sql = "SELECT experiment, count(*) FROM " + table + " GROUP BY experiment";

            // then
            assertThat(spark(sql)).as(table).isEqualTo(duckdb(sql)).isNotEmpty();
        }
        assertThat(duckdb("SELECT experiment, count(*) FROM trials GROUP BY experiment"))
                .contains(ESCAPED + "|12");
        assertThat(duckdb("SELECT count(*) FROM io_samples")).isNotEqualTo(List.of("0"));
    }

    @ParameterizedTest
    @EnumSource
    void sparkReadsEveryTableWithoutTheWarningAPlainReadGives(Storage storage) {
        // given
        String parquet = urls.get(storage);
        warnings.take();

        // when: README's reads, then a read without the schema
        for (String table : TABLES) {
            SparkTables.table(spark, parquet, table).count();
        }
        List<String> fromReadmesReads = warnings.take();
        spark.read().option("mergeSchema", "true").parquet(parquet + "/trials").count();
        List<String> fromAPlainRead = warnings.take();

        // then
        assertThat(fromReadmesReads).noneMatch(m -> m.contains("COLUMN_ALREADY_EXISTS"));
        assertThat(fromAPlainRead).anyMatch(m -> m.contains("COLUMN_ALREADY_EXISTS"));
    }

    @ParameterizedTest
    @EnumSource
    void partitionValuesAreTheNamesAndDatesInBothEngines(Storage storage) throws SQLException {
        use(storage);
        for (String table : TABLES) {
            // given / when
            String sql = "SELECT DISTINCT experiment, CAST(date AS VARCHAR(10)) FROM " + table;

            // then
            List<String> fromSpark = spark(sql.replace("VARCHAR(10)", "STRING"));
            assertThat(fromSpark).as(table).isEqualTo(duckdb(sql));
            assertThat(fromSpark.stream().map(row -> row.split("\\|")[0]).distinct())
                    .as(table)
                    .isSubsetOf(ESCAPED, NUMERIC)
                    .contains(NUMERIC);
        }
        assertThat(
                        spark(
                                "SELECT DISTINCT CAST(date AS STRING) FROM trials WHERE experiment = '"
                                        + ESCAPED
                                        + "'"))
                .contains("2026-11-29", "2026-11-30");
        assertThat(spark.table("io_samples").schema().apply("experiment").dataType())
                .isEqualTo(DataTypes.StringType);
        assertThat(spark.table("trials").schema().apply("date").dataType())
                .isEqualTo(DataTypes.DateType);
    }

    @ParameterizedTest
    @EnumSource
    void meansOfMeasuredTrialsPerVariantAreEqual(Storage storage) throws SQLException {
        // given
        use(storage);

        // when: README's query
        List<String> fromSpark = spark(SparkTables.MEASURED_MEANS);

        // then
        assertThat(fromSpark).isEqualTo(duckdb(SparkTables.MEASURED_MEANS));
        assertThat(fromSpark)
                .contains(
                        ESCAPED + "|disk=nvme|csv|2|2.000",
                        ESCAPED + "|disk=sata|csv|2|5.000",
                        ESCAPED + "|init=zero|create|8|5.250");
    }

    @ParameterizedTest
    @EnumSource
    void columnsOldFilesLackAreNullAndTheTopicsOldEventsHaveTheDefaults(Storage storage)
            throws SQLException {
        // given / when
        use(storage);
        String sql =
                "SELECT event_id, phase, cardinality(host_settings) FROM trials"
                        + " WHERE variant = 'init=zero'";

        // then
        List<String> fromSpark = spark(sql);
        assertThat(fromSpark).isEqualTo(duckdb(sql));
        assertThat(fromSpark)
                .containsExactlyInAnyOrder(
                        "v1-run/export-0|measured|0",
                        "v1-run/export-1|measured|0",
                        "v2-run/export-0|measured|1",
                        "v2-run/export-1|measured|1",
                        "v1-run/file-0|∅|∅",
                        "v1-run/file-1|∅|∅",
                        "v2-run/file-0|∅|1",
                        "v2-run/file-1|∅|1");
    }

    @ParameterizedTest
    @EnumSource
    void timestampsAreTheSameInstantsInUtc(Storage storage) throws SQLException {
        use(storage);
        for (String[] column :
                List.of(
                        new String[] {"runs", "start_time"},
                        new String[] {"trials", "start_time"},
                        new String[] {"trials", "end_time"},
                        new String[] {"run_finished", "end_time"},
                        new String[] {"io_samples", "interval_start"})) {
            // given
            String table = column[0];
            String time = column[1];

            // when
            List<String> fromSpark =
                    spark(
                            "SELECT event_id, unix_micros("
                                    + time
                                    + "), date_format("
                                    + time
                                    + ", 'yyyy-MM-dd HH:mm:ss.SSSSSS') FROM "
                                    + table);
            List<String> fromDuckDb =
                    duckdb(
                            "SELECT event_id, epoch_us("
                                    + time
                                    + "), strftime(timezone('UTC', "
                                    + time
                                    + "), '%Y-%m-%d %H:%M:%S.%f') FROM "
                                    + table);

            // then: both an instant (UTC-adjusted), not a local date-time
            assertThat(fromSpark).as(table + "." + time).isEqualTo(fromDuckDb).isNotEmpty();
            assertThat(spark.table(table).schema().apply(time).dataType())
                    .isEqualTo(DataTypes.TimestampType);
            assertThat(duckdb("SELECT DISTINCT typeof(" + time + ") FROM " + table))
                    .containsExactly("TIMESTAMP WITH TIME ZONE");
        }
        assertThat(
                        spark(
                                "SELECT date_format(start_time, 'yyyy-MM-dd HH:mm:ss.SSSSSS') FROM trials"
                                        + " WHERE step = 'csv'"))
                .contains("2026-11-30 08:00:05.250000");
        assertThat(
                        spark(
                                "SELECT unix_micros(start_time) FROM trials WHERE event_id = 'v1-run/file-0'"))
                .containsExactly(String.valueOf(OLD.getEpochSecond() * 1_000_000 + 123_456));
    }

    @ParameterizedTest
    @EnumSource
    void mapColumnsHoldTheSameEntries(Storage storage) throws SQLException {
        use(storage);
        for (String[] column :
                List.of(
                        new String[] {"trials", "factors"},
                        new String[] {"trials", "metrics"},
                        new String[] {"trials", "host_settings"},
                        new String[] {"io_samples", "factors"},
                        new String[] {"runs", "host.settings"},
                        new String[] {"runs", "target.properties"})) {
            // given
            String table = column[0];
            String map = column[1];

            // when: one row per entry
            List<String> fromSpark =
                    spark(
                            "SELECT event_id, e.key, e.value FROM (SELECT event_id, explode("
                                    + map
                                    + ") AS (key, value) FROM "
                                    + table
                                    + ") e");
            List<String> fromDuckDb =
                    duckdb(
                            "SELECT event_id, unnest(map_keys("
                                    + map
                                    + ")), unnest(map_values("
                                    + map
                                    + ")) FROM "
                                    + table);

            // then
            assertThat(fromSpark).as(table + "." + map).isEqualTo(fromDuckDb);
        }
        assertThat(spark("SELECT metrics['iops'] FROM trials WHERE step = 'csv'"))
                .contains("3041.000", "520.000");
        assertThat(spark("SELECT factors['threads'] FROM io_samples")).contains("1", "8");
    }

    @ParameterizedTest
    @EnumSource
    void theQueryCommandsViewsAreTheTablesTheDatasetHas(Storage storage) throws IOException {
        // given / when: what the query command registers for -Ddataset=URL
        List<String> views = Query.views(spark, urls.get(storage));

        // then: no throughput_samples (no OLTP load ran), each view the table's rows
        assertThat(views).containsExactlyElementsOf(TABLES);
        for (String table : TABLES) {
            assertThat(spark.table(table).count())
                    .as(table)
                    .isEqualTo(tables.get(storage).get(table).count());
        }
    }

    private List<String> spark(String sql) {
        return Rows.of(spark.sql(sql));
    }

    private List<String> duckdb(String sql) throws SQLException {
        return Rows.of(duckdb, sql);
    }
}
