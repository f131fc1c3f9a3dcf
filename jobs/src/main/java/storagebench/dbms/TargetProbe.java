package storagebench.dbms;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import storagebench.events.TargetSnapshot;

/**
 * Reads a database target's product, version and storage settings. Each statement of
 * {@code targets/probe/<dialect>.sql} returns rows of (name, value); one that fails (a view the user
 * may not read, a product version without it) is recorded as {@code <statement>_error}, not fatal.
 * What SQL cannot read comes from the kind's {@link DatabaseKind#facts}.
 */
final class TargetProbe {
    static final String FOLDER = "targets/probe";

    private TargetProbe() {}

    static TargetSnapshot read(DatabaseTarget target, Connection c) throws SQLException {
        DatabaseMetaData meta = c.getMetaData();
        Map<String, String> props = new LinkedHashMap<>();
        props.put("user", target.user());
        props.put("driver", meta.getDriverName() + " " + meta.getDriverVersion());
        props.putAll(settings(target.dialect().script(FOLDER), c));
        props.putAll(target.kind().database().facts(target, c));
        return TargetSnapshot.newBuilder()
                .setKind(target.kind().yamlName())
                .setProduct(meta.getDatabaseProductName())
                .setVersion(meta.getDatabaseProductVersion())
                .setLocation(target.location())
                .setProperties(props)
                .build();
    }

    static Map<String, String> settings(SqlScript script, Connection c) throws SQLException {
        Map<String, String> values = new LinkedHashMap<>();
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(true);
        for (Map.Entry<String, String> statement : script.statements().entrySet()) {
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(statement.getValue())) {
                while (rs.next()) {
                    values.put(rs.getString(1).strip(), String.valueOf(rs.getString(2)).strip());
                }
            } catch (SQLException e) {
                values.put(statement.getKey() + "_error", e.getMessage());
            }
        }
        c.setAutoCommit(autoCommit);
        return values;
    }
}
