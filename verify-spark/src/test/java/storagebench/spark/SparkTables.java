package storagebench.spark;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The dataset's tables in Spark SQL: README's Spark section shows this code from {@code session()}
 * to the end ({@link ReadmeShowsTheSparkCodeTest} keeps it so), and the test runs it.
 */
final class SparkTables {
    private SparkTables() {}

    static SparkSession session() {
        return SparkSession.builder()
                .master("local[2]")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.session.timeZone", "UTC")
                // experiment=007 stays the text 007, not the number 7
                .config("spark.sql.sources.partitionColumnTypeInference.enabled", "false")
                .getOrCreate();
    }

    /** runs, trials, run_finished or io_samples under parquet (e.g. data/parquet). */
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
