package storagebench.workload.filegroup;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.SqlScript;

/**
 * A fresh H2 database file per trial, next to the target's: the url's path with {@code _<name>} added
 * (settings after the first ';' kept). Dropped with its files at clean-up and before set-up.
 */
final class H2Filegroup implements TrialStorage {
    private final DatabaseTarget target;
    private final SqlScript sql;
    private final String name;
    private final String url;
    private double writeBytesBefore;

    H2Filegroup(DatabaseTarget target, String name) {
        this.target = target;
        this.sql = target.dialect().script(DatabaseFilegroupInsert.FOLDER);
        this.name = name;
        this.url = trialUrl(target.url(), name);
    }

    static String trialUrl(String url, String name) {
        int settings = url.indexOf(';');
        return settings < 0
                ? url + "_" + name
                : url.substring(0, settings) + "_" + name + url.substring(settings);
    }

    @Override
    public Connection create() throws SQLException {
        drop();
        return TrialStorage.setUp(
                target.connect(url),
                c -> {
                    try (Statement s = c.createStatement()) {
                        s.execute(
                                sql.sql(
                                        "create-table",
                                        Map.of("table", target.dialect().identifier(name))));
                        writeBytesBefore =
                                storeFigures(c).getOrDefault("info.FILE_WRITE_BYTES", 0.0);
                    }
                });
    }

    @Override
    public String relations() {
        return "^" + name + "$";
    }

    @Override
    public Map<String, Double> finish(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql.sql("checkpoint"));
        }
        Map<String, Double> store = storeFigures(c);
        Map<String, Double> figures = new LinkedHashMap<>();
        figures.put("files", 1.0);
        figures.put("file_bytes", store.getOrDefault("info.FILE_SIZE", 0.0));
        figures.put(
                "file_write_bytes",
                store.getOrDefault("info.FILE_WRITE_BYTES", 0.0) - writeBytesBefore);
        figures.put("chunks", store.getOrDefault("info.CHUNK_COUNT", 0.0));
        figures.put("pages", store.getOrDefault("info.PAGE_COUNT", 0.0));
        return figures;
    }

    private Map<String, Double> storeFigures(Connection c) throws SQLException {
        Map<String, Double> values = new LinkedHashMap<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql.sql("store-figures"))) {
            while (rs.next()) {
                try {
                    values.put(rs.getString(1), Double.parseDouble(rs.getString(2)));
                } catch (NumberFormatException e) {
                    // not a number in this H2 version: left out
                }
            }
        }
        return values;
    }

    /** Opens the trial's database (creating an empty one if none) and drops it with its files. */
    @Override
    public void drop() throws SQLException {
        try (Connection c = target.connect(url);
                Statement s = c.createStatement()) {
            s.execute(sql.sql("drop-database"));
        }
    }
}
