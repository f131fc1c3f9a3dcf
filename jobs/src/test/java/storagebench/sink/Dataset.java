package storagebench.sink;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a sink's dataset back the way users do: DuckDB over the Parquet files, folders as columns, files
 * of different schema versions matched by column name.
 */
public final class Dataset {
    private final Path root;

    public Dataset(Path root) {
        this.root = root;
    }

    public long rows(String table) throws SQLException {
        return Files.isDirectory(root.resolve(table))
                ? single("SELECT count(*) FROM " + scan(table))
                : 0;
    }

    public long distinctEventIds(String table) throws SQLException {
        return Files.isDirectory(root.resolve(table))
                ? single("SELECT count(DISTINCT event_id) FROM " + scan(table))
                : 0;
    }

    /** {@code SELECT <expression> FROM <table> ORDER BY 1}, as strings. */
    public List<String> column(String table, String expression) throws SQLException {
        if (!Files.isDirectory(root.resolve(table))) {
            return List.of();
        }
        List<String> values = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery(
                                "SELECT " + expression + " FROM " + scan(table) + " ORDER BY 1")) {
            while (rs.next()) {
                values.add(rs.getString(1));
            }
        }
        return values;
    }

    /** Each row's {@code columns} as text joined by {@code |} (NULL as {@code ∅}), sorted: for comparing datasets. */
    public List<String> rowsAsText(String table, String... columns) throws SQLException {
        StringBuilder expression = new StringBuilder();
        for (String column : columns) {
            expression
                    .append(expression.length() == 0 ? "" : " || '|' || ")
                    .append("coalesce(CAST(")
                    .append(column)
                    .append(" AS VARCHAR), '∅')");
        }
        return column(table, expression.toString());
    }

    private String scan(String table) {
        return "read_parquet('"
                + root.resolve(table).toString().replace("'", "''")
                + "/**/*.parquet', hive_partitioning = true, union_by_name = true)";
    }

    private static long single(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
