package storagebench.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.commons.statistics.distribution.TDistribution;

/** Summaries of the trials table of the Parquet dataset, computed by an embedded, in-memory DuckDB. */
public final class Report {
    private static final String SUMMARY_SQL = resource("/report/summary.sql");

    private Report() {}

    /** The trials table of a dataset: {@code <parquetRoot>/trials}. */
    public static Path trialsDir(Path parquetRoot) {
        return parquetRoot.resolve("trials");
    }

    /** Whether the dataset holds at least one trials file. */
    public static boolean hasTrials(Path parquetRoot) {
        Path dir = trialsDir(parquetRoot);
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.anyMatch(
                    f -> f.getFileName().toString().endsWith(".parquet") && Files.isRegularFile(f));
        } catch (IOException | UncheckedIOException e) {
            throw new ReportException(dir + ": cannot list the dataset: " + e.getMessage(), e);
        }
    }

    /**
     * One row per experiment × host × variant × step, ordered by experiment, host, step and then the
     * variants in the order the plan ran them. Empty when the dataset holds no trials or none match.
     *
     * @param parquetRoot the dataset, {@code Settings.parquetDir()}
     */
    public static List<SummaryRow> summarize(Path parquetRoot, ReportFilter filter) {
        if (!hasTrials(parquetRoot)) {
            return List.of();
        }
        Path dir = trialsDir(parquetRoot);
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:")) {
            scan(duckdb, dir);
            return summarize(duckdb, filter);
        } catch (SQLException e) {
            throw new ReportException(
                    dir + ": cannot summarise the trials: " + firstLine(e.getMessage()), e);
        }
    }

    /**
     * The view {@code scanned} over every trials file. Files written before a column existed (the
     * schema evolves; {@code union_by_name} merges them) read it as its default: a dataset made
     * only of such files has no {@code phase} column at all, and every step in it was measured.
     */
    static void scan(Connection duckdb, Path dir) throws SQLException {
        String files = "'" + (dir.toAbsolutePath() + "/**/*.parquet").replace("'", "''") + "'";
        String source =
                "read_parquet("
                        + files
                        + ", hive_partitioning = true, union_by_name = true,"
                        + " hive_types_autocast = false)";
        boolean hasPhase = false;
        boolean hasFactors = false;
        try (var statement = duckdb.createStatement();
                ResultSet columns = statement.executeQuery("DESCRIBE SELECT * FROM " + source)) {
            while (columns.next()) {
                hasPhase |= columns.getString(1).equals("phase");
                hasFactors |= columns.getString(1).equals("factors");
            }
        }
        try (var statement = duckdb.createStatement()) {
            statement.execute(
                    "CREATE TEMP VIEW scanned AS SELECT *"
                            + (hasPhase ? "" : ", 'measured' AS phase")
                            + (hasFactors ? "" : ", MAP {}::MAP(VARCHAR, VARCHAR) AS factors")
                            + " FROM "
                            + source);
        }
    }

    private static List<SummaryRow> summarize(Connection duckdb, ReportFilter filter)
            throws SQLException {
        try (PreparedStatement query = duckdb.prepareStatement(SUMMARY_SQL)) {
            setOptional(query, 1, filter.experiment());
            setOptional(query, 2, filter.runId());
            setOptional(query, 3, filter.host());
            try (ResultSet rs = query.executeQuery()) {
                List<SummaryRow> rows = new ArrayList<>();
                while (rs.next()) {
                    rows.add(row(rs));
                }
                return List.copyOf(rows);
            }
        }
    }

    private static SummaryRow row(ResultSet rs) throws SQLException {
        long n = rs.getLong("n");
        Double stddev = nullable(rs, "stddev");
        return new SummaryRow(
                rs.getString("experiment"),
                rs.getString("host"),
                rs.getString("variant"),
                rs.getString("step"),
                n,
                nullable(rs, "mean"),
                nullable(rs, "median"),
                stddev,
                nullable(rs, "min"),
                nullable(rs, "max"),
                nullable(rs, "p95"),
                halfWidth95(n, stddev),
                nullable(rs, "ratio"),
                rs.getLong("failed"),
                rs.getLong("warmups"),
                TrialValues.factors(rs.getArray("factor_keys"), rs.getArray("factor_values")));
    }

    /** Half-width of the 95% confidence interval of a mean (Student's t); null below two samples. */
    static Double halfWidth95(long n, Double stddev) {
        return n < 2 || stddev == null
                ? null
                : TDistribution.of(n - 1).inverseSurvivalProbability(0.025) * stddev / Math.sqrt(n);
    }

    /** DuckDB follows its reason with the SQL around the failure, which would only confuse a user. */
    static String firstLine(String message) {
        return message == null ? "" : message.strip().lines().findFirst().orElse("");
    }

    private static Double nullable(ResultSet rs, String column) throws SQLException {
        double value = rs.getDouble(column);
        return rs.wasNull() ? null : value;
    }

    private static void setOptional(PreparedStatement query, int index, Optional<String> value)
            throws SQLException {
        query.setString(index, value.orElse(null));
    }

    static String resource(String name) {
        try (InputStream in = Report.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
