package storagebench.spark;

import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The dataset's tables in Spark SQL: README's Spark section shows this code from {@code session()}
 * to the end ({@code ReadmeShowsTheSparkCodeTest} keeps it so), and the tests and {@code Query} run
 * it.
 */
final class SparkTables {
    private SparkTables() {}

    static SparkSession session() {
        return SparkSession.builder()
                .master("local[2]")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.ui.enabled", "false")
                // 2 cores: a shuffle in 4 parts, not 200 (a stream's state keeps this number)
                .config("spark.sql.shuffle.partitions", "4")
                .config("spark.sql.session.timeZone", "UTC")
                // experiment=007 stays the text 007, not the number 7
                .config("spark.sql.sources.partitionColumnTypeInference.enabled", "false")
                .getOrCreate();
    }

    /** For a dataset on HDFS or S3: storagebench's hadoop.* settings, before its first read. */
    static void hadoop(SparkSession spark, Map<String, String> settings) {
        settings.forEach(
                (key, value) -> {
                    if (key.startsWith("hadoop.")) {
                        spark.sparkContext()
                                .hadoopConfiguration()
                                .set(key.substring("hadoop.".length()), value);
                    }
                });
    }

    /** runs, trials, … under parquet: data/parquet, hdfs://namenode:8020/…, s3a://bucket/…. */
    static Dataset<Row> table(SparkSession spark, String parquet, String table) {
        String path = parquet + "/" + table;
        // the files' columns, every schema version merged (NULL where an old file lacks one) ...
        StructType columns =
                spark.read()
                        .option("mergeSchema", "true")
                        .option("recursiveFileLookup", "true")
                        .parquet(path)
                        .schema();
        // ... then the folders' experiment=…/date=…: experiment is one column, not two
        return spark.read().schema(columns.add("date", DataTypes.DateType)).parquet(path);
    }

    /** Per experiment, variant and step: the measured trials' count and mean in seconds. */
    static final String MEASURED_MEANS =
            "SELECT experiment, variant, step, count(*) AS n, avg(duration_ns) / 1e9 AS mean_s"
                    + " FROM trials WHERE NOT warmup AND outcome = 'OK'"
                    + " AND coalesce(phase, 'measured') = 'measured'" // v1/v2 rows: NULL phase
                    + " GROUP BY experiment, variant, step ORDER BY experiment, step, mean_s";
}
