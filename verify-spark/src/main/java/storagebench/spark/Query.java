package storagebench.spark;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.SparkSession;

/**
 * Spark SQL over a user's dataset, with no Spark installation: {@code mvn -q -f
 * verify-spark/pom.xml compile exec:exec -Ddataset=DATASET -Dsql=QUERY [-Dsettings-file=FILE]}.
 * The dataset's tables (those it has) are views of the same names, read with README's code; the
 * settings file's {@code hadoop.*} settings reach a dataset on HDFS or S3 as storagebench does.
 * Without a query it prints each view's row count.
 */
public final class Query {
    static final List<String> TABLES =
            List.of(
                    "runs",
                    "trials",
                    "run_finished",
                    "io_samples",
                    "throughput_samples",
                    "host_samples",
                    "waits");

    /** At most this many rows are printed (Spark says how many more there were). */
    static final int ROWS = 1000;

    private Query() {}

    /** {@code --dataset=DATASET [--sql=QUERY] [--settings-file=FILE]}; an empty value is none. */
    public static void main(String[] args) throws IOException {
        Map<String, String> options = new HashMap<>();
        for (String arg : args) {
            String[] option = arg.split("=", 2);
            if (option.length == 2 && option[0].matches("--(dataset|sql|settings-file)")) {
                options.put(option[0].substring(2), option[1].strip());
            }
        }
        String dataset = options.getOrDefault("dataset", "").replaceAll("(?<=.)/+$", "");
        if (dataset.isEmpty() || options.size() != args.length) {
            System.err.println(
                    "usage: mvn -q -f verify-spark/pom.xml compile exec:exec -Ddataset=DATASET"
                            + " [-Dsql=QUERY] [-Dsettings-file=storagebench.properties]");
            System.exit(2);
        }
        String sql = options.getOrDefault("sql", "");
        String file = options.getOrDefault("settings-file", "");
        Map<String, String> settings = file.isEmpty() ? Map.of() : settings(file);
        System.exit(run(dataset, sql, settings));
    }

    /** Prints the query's result: exit 0, or 1 with one line saying why not. */
    static int run(String dataset, String sql, Map<String, String> settings) throws IOException {
        SparkSession spark = SparkTables.session();
        try {
            SparkTables.hadoop(spark, settings);
            List<String> views = views(spark, dataset);
            if (views.isEmpty()) {
                System.err.println("no table of the dataset at " + dataset + ": " + TABLES);
                return 1;
            }
            spark.sql(sql.isEmpty() ? counts(views) : sql).show(ROWS, false);
            return 0;
        } catch (Exception e) { // Spark's AnalysisException is checked, and undeclared
            if (e instanceof AnalysisException refused) {
                System.err.println(refused.getSimpleMessage()); // why, without the plan
                return 1;
            }
            throw e;
        } finally {
            spark.stop();
        }
    }

    /** Registers a view for each table the dataset has; returns their names. */
    static List<String> views(SparkSession spark, String dataset) throws IOException {
        Path root = new Path(dataset);
        FileSystem fs = root.getFileSystem(spark.sparkContext().hadoopConfiguration());
        List<String> views =
                TABLES.stream().filter(table -> exists(fs, new Path(root, table))).toList();
        for (String table : views) {
            SparkTables.table(spark, dataset, table).createOrReplaceTempView(table);
        }
        return views;
    }

    private static boolean exists(FileSystem fs, Path path) {
        try {
            return fs.exists(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code SELECT 'runs' AS view, count(*) AS rows FROM runs UNION ALL …}. */
    private static String counts(List<String> views) {
        return String.join(
                " UNION ALL ",
                views.stream()
                        .map(v -> "SELECT '" + v + "' AS view, count(*) AS rows FROM " + v)
                        .toList());
    }

    /** The {@code hadoop.*} settings of a storagebench settings file. */
    private static Map<String, String> settings(String file) throws IOException {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(java.nio.file.Path.of(file))) {
            properties.load(reader);
        }
        Map<String, String> settings = new HashMap<>();
        properties.stringPropertyNames().forEach(k -> settings.put(k, properties.getProperty(k)));
        return settings;
    }
}
