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
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import storagebench.events.EventType;
import storagebench.sink.HivePartitioner;

/**
 * One command's reads of a dataset's tables (one per {@link EventType}): one connection to the
 * process's in-memory DuckDB, on which each table's files are listed and described once, and the runs'
 * configuration labels ({@link Configurations}) are read once, however many queries the command runs.
 * A query reads its table through the view {@code scanned}. Opened for a {@link HostScope}, every
 * table reads only the rows of that scope's hosts. Close it when the command is done.
 */
public final class Tables implements AutoCloseable {
    /** One result row to one record. */
    interface RowReader<T> {
        T read(ResultSet rs) throws SQLException;
    }

    /** Sets a query's parameters. */
    interface Parameters {
        void set(PreparedStatement query) throws SQLException;
    }

    /** Per event type, the columns of its table that have a default ({@link ColumnDefaults}). */
    private static final Map<EventType, Map<String, String>> DEFAULTS =
            new EnumMap<>(EventType.class);

    static {
        for (EventType type : EventType.values()) {
            DEFAULTS.put(type, ColumnDefaults.of(type));
        }
    }

    private final Path parquetRoot;
    private final Connection duckdb;
    private final HostScope scope;

    /** The experiment whose partition is read, or null for every file. */
    private final String experiment;

    /** Per table, the folder read ({@link #read}). */
    private final Map<EventType, Path> folders = new EnumMap<>(EventType.class);

    /** Per table, whether it has files. */
    private final Map<EventType, Boolean> hasFiles = new EnumMap<>(EventType.class);

    /** The ranges of metric names the trials files' parts record, read on the first question. */
    private StoredMetrics storedMetrics;

    /** The views defined on the connection. */
    private final Set<String> defined = new HashSet<>();

    /** Per table with a view, its columns: its files' and those read as their defaults. */
    private final Map<EventType, Set<String>> columns = new EnumMap<>(EventType.class);

    /** Whether some run has a configuration label; null until the runs are read. */
    private Boolean configurations;

    /** Whether the table {@code scoped_run} (the runs of the scope's labels) was made. */
    private boolean scopedRuns;

    private Tables(Path parquetRoot, Connection duckdb, HostScope scope, String experiment) {
        this.parquetRoot = parquetRoot;
        this.duckdb = duckdb;
        this.scope = scope;
        this.experiment = experiment;
    }

    /** The reads of one command over the dataset at {@code parquetRoot}. */
    public static Tables open(Path parquetRoot) {
        return open(parquetRoot, HostScope.ALL);
    }

    /**
     * The reads of one command over the rows of the dataset at {@code parquetRoot} that were recorded on
     * the hosts of {@code scope}: of the host it names (each table's {@code host}), in runs whose host
     * carried all its labels (the runs' {@code host.labels}).
     */
    public static Tables open(Path parquetRoot, HostScope scope) {
        return open(parquetRoot, scope, null);
    }

    /** As {@link #open(Path, HostScope, String)} for the filter's hosts and experiment. */
    public static Tables open(Path parquetRoot, ReportFilter filter) {
        return open(parquetRoot, filter.hosts(), filter.experiment().orElse(null));
    }

    /**
     * As {@link #open(Path, HostScope)} for the queries of one {@code experiment} (null: of any): a
     * table laid out as the sink lays it out, one folder per experiment, is read in that experiment's
     * folder only, so the files of the dataset's other experiments are neither listed nor opened. A
     * table with files outside such folders is read whole. The queries still filter on the experiment.
     */
    public static Tables open(Path parquetRoot, HostScope scope, String experiment) {
        try {
            return new Tables(parquetRoot, DuckDb.connect(), scope, experiment);
        } catch (SQLException e) {
            throw new ReportException(parquetRoot + ": cannot open DuckDB: " + e.getMessage(), e);
        }
    }

    /**
     * The rows of the resource query {@code sql} over the table of {@code type} with the filter's
     * experiment, run and host as its three parameters, reading only the filter's experiment's files
     * where it names one; none when the table has no file.
     */
    static <T> List<T> query(
            Path parquetRoot,
            EventType type,
            String sql,
            ReportFilter filter,
            RowReader<T> reader) {
        try (Tables tables = open(parquetRoot, HostScope.ALL, filter.experiment().orElse(null))) {
            return tables.query(type, sql, filter, reader);
        }
    }

    /** As {@link #query(Path, EventType, String, ReportFilter, RowReader)}, on this command's reads. */
    <T> List<T> query(EventType type, String sql, ReportFilter filter, RowReader<T> reader) {
        return query(type, sql, "read the " + type.table(), false, parameters(filter), reader);
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
     * The rows of the resource query {@code sql} over the table of {@code type}; none when it has no
     * file. The view of the trials table has the column {@code configuration}: the label of the run's
     * configuration among its experiment's ({@link Configurations}), empty where the experiment ran
     * one, or everywhere when {@code pool}ed on purpose.
     *
     * @param doing what the query does, for the message when it fails ("summarise the trials")
     */
    <T> List<T> query(
            EventType type,
            String sql,
            String doing,
            boolean pool,
            Parameters parameters,
            RowReader<T> reader) {
        return rows(type, resource(sql), doing, pool, parameters, reader);
    }

    /** As {@link #query(EventType, String, String, boolean, Parameters, RowReader)} for SQL text. */
    <T> List<T> rows(
            EventType type,
            String text,
            String doing,
            boolean pool,
            Parameters parameters,
            RowReader<T> reader) {
        Path dir = parquetRoot.resolve(type.table());
        if (!hasFiles(type)) {
            return List.of();
        }
        try {
            scanned(type, pool);
            try (PreparedStatement query = duckdb.prepareStatement(text)) {
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
            throw failure(dir, doing, e);
        }
    }

    /**
     * Which of {@code names} the trials' metrics may hold: those inside the range of metric names of
     * some part of a trials file, as the file's statistics record it (every name where a part records
     * none). A name outside every range is in no trial, and a query need not look for it. The ranges
     * are read once per command.
     *
     * @param doing what the query that asks does, for the message when a file cannot be read
     */
    Set<String> metricsPossible(List<String> names, String doing) {
        if (!hasFiles(EventType.TRIAL_TIMED)) {
            return Set.of();
        }
        if (storedMetrics == null) {
            Path trials = parquetRoot.resolve(EventType.TRIAL_TIMED.table());
            try {
                storedMetrics = StoredMetrics.read(duckdb, files(read(EventType.TRIAL_TIMED)));
            } catch (SQLException e) {
                throw failure(trials, doing, e);
            }
        }
        return storedMetrics.possible(names);
    }

    /**
     * Of {@code metrics} ({@code duration} and keys of the trials' metrics), in their order, those a
     * query need look for: the duration, and the keys {@link #metricsPossible} keeps.
     */
    List<String> metricsToRead(List<String> metrics, String doing) {
        List<String> keys = metrics.stream().filter(m -> !m.equals(VariantStats.DURATION)).toList();
        Set<String> possible = keys.isEmpty() ? Set.of() : metricsPossible(keys, doing);
        return metrics.stream()
                .filter(m -> m.equals(VariantStats.DURATION) || possible.contains(m))
                .toList();
    }

    /** Whether the table of {@code type} has files, looked at once per command. */
    boolean hasFiles(EventType type) {
        return hasFiles.computeIfAbsent(type, t -> hasFiles(read(t)));
    }

    /**
     * The view {@code scanned} of the table of {@code type}, the trials' with the column {@code
     * configuration}.
     */
    private void scanned(EventType type, boolean pool) throws SQLException {
        boolean trials = type == EventType.TRIAL_TIMED;
        String name = rowsView(type);
        String select = "SELECT * FROM " + name;
        if (trials) {
            select =
                    pool || !configurations()
                            ? "SELECT *, '' AS configuration FROM trial_rows"
                            : "SELECT t.*, coalesce(c.configuration, '') AS configuration FROM"
                                    + " trial_rows t LEFT JOIN run_configuration c ON t.run_id ="
                                    + " c.run_id";
        }
        try (var statement = duckdb.createStatement()) {
            statement.execute("CREATE OR REPLACE TEMP VIEW scanned AS " + select);
        }
    }

    /** The view of the table of {@code type}'s files, defined once: its name. */
    private String rowsView(EventType type) throws SQLException {
        return rowsView(
                type, type == EventType.TRIAL_TIMED ? "trial_rows" : type.table() + "_rows");
    }

    /** The view {@code name} of the table of {@code type}'s files, defined once. */
    private String rowsView(EventType type, String name) throws SQLException {
        if (defined.add(name)) {
            view(name, type);
        }
        return name;
    }

    /**
     * The columns of the table of {@code type}: its files' and those read as their defaults; none when
     * it has no file. A file written by other means than the sink may lack a column the sink always
     * writes.
     *
     * @param doing what the query that asks does, for the message when a file cannot be read
     */
    Set<String> columns(EventType type, String doing) {
        if (!hasFiles(type)) {
            return Set.of();
        }
        try {
            rowsView(type);
        } catch (SQLException e) {
            throw failure(parquetRoot.resolve(type.table()), doing, e);
        }
        return columns.get(type);
    }

    /**
     * Reads the runs' configuration labels into the table {@code run_configuration}, once: whether
     * any run has a label (none has where every experiment ran one configuration, or with no runs).
     */
    private boolean configurations() throws SQLException {
        if (configurations != null) {
            return configurations;
        }
        Map<String, String> labels = Map.of();
        if (hasFiles(EventType.RUN_STARTED)) {
            rowsView(EventType.RUN_STARTED, "run_rows");
            labels = Configurations.labels(duckdb, resource("/report/run-configurations.sql"));
        }
        try (var statement = duckdb.createStatement()) {
            statement.execute(
                    "CREATE TEMP TABLE run_configuration (run_id VARCHAR, configuration VARCHAR)");
        }
        boolean any = false;
        try (var insert = duckdb.prepareStatement("INSERT INTO run_configuration VALUES (?, ?)")) {
            for (Map.Entry<String, String> e : labels.entrySet()) {
                if (!e.getValue().isEmpty()) {
                    insert.setString(1, e.getKey());
                    insert.setString(2, e.getValue());
                    insert.addBatch();
                    any = true;
                }
            }
            insert.executeBatch();
        }
        configurations = any;
        return any;
    }

    private static ReportException failure(Path dir, String doing, SQLException e) {
        // DuckDB follows its reason with the SQL around the failure, which would only confuse
        String reason =
                e.getMessage() == null ? "" : e.getMessage().strip().lines().findFirst().orElse("");
        return new ReportException(dir + ": cannot " + doing + ": " + reason, e);
    }

    /**
     * A view of the table's files: files written before a column existed read it as its default (a
     * dataset made only of such files has no such column at all).
     */
    private void view(String name, EventType type) throws SQLException {
        String source = source(read(type));
        Set<String> stored = new HashSet<>();
        try (var statement = duckdb.createStatement();
                ResultSet rs = statement.executeQuery("DESCRIBE SELECT * FROM " + source)) {
            while (rs.next()) {
                stored.add(rs.getString(1));
            }
        }
        StringBuilder select = new StringBuilder("CREATE TEMP VIEW " + name + " AS SELECT *");
        DEFAULTS.get(type)
                .forEach(
                        (column, value) -> {
                            if (!stored.contains(column)) {
                                select.append(", ").append(value).append(" AS ").append(column);
                            }
                        });
        Set<String> all = new HashSet<>(stored);
        all.addAll(DEFAULTS.get(type).keySet());
        columns.put(type, Set.copyOf(all));
        select.append(" FROM ").append(source).append(" r").append(inScope(type));
        try (var statement = duckdb.createStatement()) {
            statement.execute(select.toString());
        }
    }

    /** The condition that keeps the rows of the scope's hosts, as a WHERE clause; empty for all. */
    private String inScope(EventType type) throws SQLException {
        List<String> conditions = new ArrayList<>();
        scope.name()
                .ifPresent(
                        name ->
                                conditions.add(
                                        (type == EventType.RUN_STARTED
                                                        ? HOST_NAME
                                                        : "CAST(host AS VARCHAR)")
                                                + " = "
                                                + literal(name)));
        if (!scope.labels().isEmpty()) {
            scopedRuns();
            conditions.add("run_id IN (SELECT run_id FROM scoped_run)");
        }
        return conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions);
    }

    /** A run's host's name, in a runs file of any version (the row is {@code r}). */
    private static final String HOST_NAME = "json_extract_string(to_json(r), '$.host.hostname')";

    /** A run's host's labels, in a runs file of any version (empty before RunStarted v5). */
    private static final String HOST_LABELS =
            "coalesce(CAST(json_extract(to_json(r), '$.host.labels') AS MAP(VARCHAR, VARCHAR)),"
                    + " MAP {}::MAP(VARCHAR, VARCHAR))";

    /** The table {@code scoped_run}: the runs whose host carried every label of the scope, made once. */
    private void scopedRuns() throws SQLException {
        if (scopedRuns) {
            return;
        }
        String sql;
        if (hasFiles(EventType.RUN_STARTED)) {
            StringBuilder where = new StringBuilder();
            scope.labels()
                    .forEach(
                            (key, value) ->
                                    where.append(where.length() == 0 ? " WHERE " : " AND ")
                                            .append("labels[")
                                            .append(literal(key))
                                            .append("] = ")
                                            .append(literal(value)));
            sql =
                    "CREATE TEMP TABLE scoped_run AS SELECT DISTINCT run_id FROM (SELECT run_id, "
                            + HOST_LABELS
                            + " AS labels FROM "
                            + source(read(EventType.RUN_STARTED))
                            + " r)"
                            + where;
        } else {
            sql = "CREATE TEMP TABLE scoped_run (run_id VARCHAR)";
        }
        try (var statement = duckdb.createStatement()) {
            statement.execute(sql);
        }
        scopedRuns = true;
    }

    /** Names as an SQL list of text. */
    static String textList(List<String> names) {
        return names.stream()
                .map(Tables::literal)
                .collect(Collectors.joining(", ", "[", "]::VARCHAR[]"));
    }

    /** Text as an SQL string literal. */
    static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }

    @Override
    public void close() {
        try {
            duckdb.close();
        } catch (SQLException e) {
            // a connection to an in-memory database: nothing is lost
        }
    }

    static Double nullable(ResultSet rs, String column) throws SQLException {
        double value = rs.getDouble(column);
        return rs.wasNull() ? null : value;
    }

    /**
     * The folder of the table of {@code type} that this command reads: the experiment's folder where
     * the table is laid out in experiment folders (whether it exists or not), else the table's.
     */
    private Path read(EventType type) {
        return folders.computeIfAbsent(type, this::folder);
    }

    private Path folder(EventType type) {
        Path table = parquetRoot.resolve(type.table());
        if (experiment == null || !Files.isDirectory(table)) {
            return table;
        }
        try (Stream<Path> entries = Files.list(table)) {
            boolean partitioned =
                    entries.allMatch(
                            e ->
                                    Files.isDirectory(e)
                                            ? e.getFileName().toString().startsWith("experiment=")
                                            : !e.getFileName().toString().endsWith(".parquet"));
            return partitioned
                    ? table.resolve(HivePartitioner.experimentFolder(experiment))
                    : table;
        } catch (IOException | UncheckedIOException e) {
            throw new ReportException(table + ": cannot list the dataset: " + e.getMessage(), e);
        }
    }

    private static String source(Path dir) {
        return "read_parquet("
                + files(dir)
                + ", hive_partitioning = true, union_by_name = true, hive_types_autocast = false)";
    }

    /** The glob of a table's files as an SQL string literal. */
    private static String files(Path dir) {
        return "'" + (dir.toAbsolutePath() + "/**/*.parquet").replace("'", "''") + "'";
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
