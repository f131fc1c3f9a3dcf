package storagebench.spark;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/** Rows as text, sorted, to compare engines: columns joined by |, NULL as ∅, 3 decimals. */
final class Rows {
    private Rows() {}

    static List<String> of(Dataset<Row> rows) {
        List<String> text = new ArrayList<>();
        for (Row row : rows.collectAsList()) {
            List<String> cells = new ArrayList<>();
            for (int i = 0; i < row.length(); i++) {
                cells.add(text(row.get(i)));
            }
            text.add(String.join("|", cells));
        }
        return text.stream().sorted().toList();
    }

    static List<String> of(Connection duckdb, String sql) throws SQLException {
        List<String> text = new ArrayList<>();
        try (Statement statement = duckdb.createStatement();
                ResultSet result = statement.executeQuery(sql)) {
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                List<String> cells = new ArrayList<>();
                for (int i = 1; i <= columns; i++) {
                    cells.add(text(result.getObject(i)));
                }
                text.add(String.join("|", cells));
            }
        }
        return text.stream().sorted().toList();
    }

    private static String text(Object value) {
        if (value == null) {
            return "∅";
        }
        if (value instanceof Double || value instanceof Float) {
            return String.format(Locale.ROOT, "%.3f", ((Number) value).doubleValue());
        }
        return value.toString();
    }
}
