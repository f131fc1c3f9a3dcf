package storagebench.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * One query over one table of the dataset ({@code trials}, {@code runs}, {@code io_samples},
 * {@code throughput_samples}), read
 * by an in-memory DuckDB through the view {@code scanned}, with the filter's three parameters.
 */
final class Tables {
    /** One result row to one record. */
    interface RowReader<T> {
        T read(ResultSet rs) throws SQLException;
    }

    /** Sets a query's parameters. */
    interface Parameters {
        void set(PreparedStatement query) throws SQLException;
    }

    /** Per table, the columns added after its first schema that the queries read, with their defaults. */
    private static final Map<String, Map<String, String>> DEFAULTS =
            Map.of(
                    "trials",
                            Map.of(
                                    "phase", "'measured'",
                                    "factors", "MAP {}::MAP(VARCHAR, VARCHAR)",
                                    "metrics", "MAP {}::MAP(VARCHAR, DOUBLE)",
                                    // always written; a file made by other means may lack it
                                    "start_time", "NULL::TIMESTAMPTZ"),
                    "runs",
                            Map.of(
                                    "schedule", "NULL::VARCHAR",
                                    "scheduled_time", "NULL::TIMESTAMPTZ",
                                    "fire_time", "NULL::TIMESTAMPTZ",
                                    "configuration", "NULL::VARCHAR",
                                    "config_text", "NULL::VARCHAR",
                                    "config_sha256", "NULL::VARCHAR",
                                    "attempt", "1",
                                    "configuration_values", "MAP {}::MAP(VARCHAR, VARCHAR)"),
                    "io_samples",
                            Map.of(
                                    "queued_ms", "0.0::DOUBLE",
                                    "device_ms", "0.0::DOUBLE",
                                    "cap_iops", "NULL::DOUBLE",
                                    "latency_p50_us", "NULL::DOUBLE"));

    private static final String TRIALS = "trials";

    private Tables() {}

    /**
     * The rows of the resource query {@code sql} over {@code table} with the filter's experiment, run
     * and host as its three parameters; none when the table has no file.
     */
    static <T> List<T> query(
            Path parquetRoot, String table, String sql, ReportFilter filter, RowReader<T> reader) {
        return query(parquetRoot, table, sql, "read the " + table, parameters(filter), reader);
    }

    /** The filter's experiment, run and host as a query's three parameters (null: any). */
    static Parameters parameters(ReportFilter filter) {
        return q -> {
            q.setString(1, filter.experiment().orElse(null));
            q.setString(2, filter.runId().orElse(null));
            q.setString(3, filter.host().orElse(null));
        };
    }

    /**
     * The rows of the resource query {@code sql} over {@code table}; none when it has no file.
     *
     * @param doing what the query does, for the message when it fails ("summarise the trials")
     */
    static <T> List<T> query(
            Path parquetRoot,
            String table,
            String sql,
            String doing,
            Parameters parameters,
            RowReader<T> reader) {
        return query(parquetRoot, table, sql, doing, false, parameters, reader);
    }

    /**
     * As {@link #query(Path, String, String, String, Parameters, RowReader)}; the view of the trials
     * table has the column {@code configuration}: the label of the run's configuration among its
     * experiment's ({@link Configurations}), empty where the experiment ran one, or everywhere when
     * {@code pool}ed on purpose.
     */
    static <T> List<T> query(
            Path parquetRoot,
            String table,
            String sql,
            String doing,
            boolean pool,
            Parameters parameters,
            RowReader<T> reader) {
        Path dir = parquetRoot.resolve(table);
        if (!hasFiles(dir)) {
            return List.of();
        }
        try (Connection duckdb = DuckDb.connect()) {
            if (TRIALS.equals(table)) {
                trialsView(duckdb, parquetRoot, source(dir), pool);
            } else {
                view(duckdb, "scanned", table, source(dir));
            }
            try (PreparedStatement query = duckdb.prepareStatement(resource(sql))) {
                parameters.set(query);
                try (ResultSet rs = query.executeQuery()) {
                    List<T> rows = new ArrayList<>();
                    while (rs.next()) {
                        rows.add(reader.read(rs));
                    }
                    return List.copyOf(rows);
                }
            }
        } catch (SQLException e) {
            // DuckDB follows its reason with the SQL around the failure, which would only confuse
            String reason =
                    e.getMessage() == null
                            ? ""
                            : e.getMessage().strip().lines().findFirst().orElse("");
            throw new ReportException(dir + ": cannot " + doing + ": " + reason, e);
        }
    }

    /**
     * The view {@code scanned}: files written before a column existed read it as its default (a
     * dataset made only of such files has no such column at all).
     */
    /** The view {@code scanned} of the trials with the column {@code configuration}. */
    private static void trialsView(Connection duckdb, Path parquetRoot, String source, boolean pool)
            throws SQLException {
        view(duckdb, "trial_rows", TRIALS, source);
        Path runs = parquetRoot.resolve("runs");
        Map<String, String> labels = Map.of();
        if (!pool && hasFiles(runs)) {
            view(duckdb, "run_rows", "runs", source(runs));
            labels = Configurations.labels(duckdb, resource("/report/run-configurations.sql"));
        }
        try (var statement = duckdb.createStatement()) {
            statement.execute(
                    "CREATE TEMP TABLE run_configuration (run_id VARCHAR, configuration VARCHAR)");
        }
        try (var insert = duckdb.prepareStatement("INSERT INTO run_configuration VALUES (?, ?)")) {
            for (Map.Entry<String, String> e : labels.entrySet()) {
                if (!e.getValue().isEmpty()) {
                    insert.setString(1, e.getKey());
                    insert.setString(2, e.getValue());
                    insert.addBatch();
                }
            }
            insert.executeBatch();
        }
        try (var statement = duckdb.createStatement()) {
            statement.execute(
                    "CREATE TEMP VIEW scanned AS SELECT t.*, coalesce(c.configuration, '') AS"
                            + " configuration FROM trial_rows t LEFT JOIN run_configuration c ON"
                            + " t.run_id = c.run_id");
        }
    }

    private static void view(Connection duckdb, String name, String table, String source)
            throws SQLException {
        Set<String> columns = new HashSet<>();
        try (var statement = duckdb.createStatement();
                ResultSet rs = statement.executeQuery("DESCRIBE SELECT * FROM " + source)) {
            while (rs.next()) {
                columns.add(rs.getString(1));
            }
        }
        StringBuilder select = new StringBuilder("CREATE TEMP VIEW " + name + " AS SELECT *");
        DEFAULTS.getOrDefault(table, Map.of())
                .forEach(
                        (column, value) -> {
                            if (!columns.contains(column)) {
                                select.append(", ").append(value).append(" AS ").append(column);
                            }
                        });
        try (var statement = duckdb.createStatement()) {
            statement.execute(select.append(" FROM ").append(source).toString());
        }
    }

    static Double nullable(ResultSet rs, String column) throws SQLException {
        double value = rs.getDouble(column);
        return rs.wasNull() ? null : value;
    }

    private static String source(Path dir) {
        String files = "'" + (dir.toAbsolutePath() + "/**/*.parquet").replace("'", "''") + "'";
        return "read_parquet("
                + files
                + ", hive_partitioning = true, union_by_name = true, hive_types_autocast = false)";
    }

    static boolean hasFiles(Path dir) {
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

    /** A resource of the jar as text. */
    static String resource(String name) {
        try (InputStream in = Tables.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
