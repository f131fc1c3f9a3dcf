package storagebench.report;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.duckdb.DuckDBStruct;

/**
 * The rows of one statement, read whole, as plain values: null, a number, a boolean, a list (a DuckDB
 * list or array), a map with text keys (a MAP or STRUCT), or text (anything else, as DuckDB writes
 * it).
 */
public record QueryResult(List<String> columns, List<List<Object>> rows) {

    static QueryResult read(ResultSet rs) throws SQLException {
        ResultSetMetaData meta = rs.getMetaData();
        List<String> columns = new ArrayList<>();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
            columns.add(meta.getColumnLabel(i));
        }
        List<List<Object>> rows = new ArrayList<>();
        while (rs.next()) {
            List<Object> row = new ArrayList<>(columns.size());
            for (int i = 1; i <= columns.size(); i++) {
                Object value = rs.getObject(i);
                row.add(nested(value) ? plain(value) : plainOr(value, rs.getString(i)));
            }
            rows.add(row);
        }
        return new QueryResult(List.copyOf(columns), rows);
    }

    /** Whether a column holds numbers only (NULL aside), to be aligned right. */
    public boolean numeric(int column) {
        return rows.stream()
                .map(row -> row.get(column))
                .allMatch(v -> v == null || v instanceof Number);
    }

    private static boolean nested(Object value) {
        return value instanceof Map || value instanceof Array || value instanceof DuckDBStruct;
    }

    private static Object plainOr(Object value, String text) {
        return value == null || value instanceof Number || value instanceof Boolean ? value : text;
    }

    private static Object plain(Object value) throws SQLException {
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> plain = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                plain.put(String.valueOf(e.getKey()), plain(e.getValue()));
            }
            return plain;
        }
        if (value instanceof DuckDBStruct struct) {
            return plain(struct.getMap());
        }
        if (value instanceof Array array) {
            List<Object> plain = new ArrayList<>();
            for (Object item : Arrays.asList((Object[]) array.getArray())) {
                plain.add(plain(item));
            }
            return plain;
        }
        return plainOr(value, String.valueOf(value));
    }
}
