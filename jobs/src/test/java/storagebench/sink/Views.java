package storagebench.sink;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** README's views (queries/duckdb.sql) over a test's dataset, as a user defines them over JDBC. */
public final class Views {
    private static final Path PROJECT = Path.of("..").toAbsolutePath().normalize();

    private Views() {}

    /** Defines the views over the dataset at {@code parquet} on {@code s}: the variable, then the file. */
    public static void define(Statement s, Path parquet) throws SQLException {
        String text;
        try {
            text = Files.readString(PROJECT.resolve("queries/duckdb.sql"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        s.execute("SET VARIABLE parquet = '" + parquet.toString().replace("'", "''") + "'");
        for (String statement : text.replaceAll("(?m)^--.*$", "").split(";")) {
            if (!statement.isBlank()) {
                s.execute(statement);
            }
        }
    }

    /** The first column of the first row of {@code sql}, over the views. */
    public static String query(Path parquet, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = c.createStatement()) {
            define(s, parquet);
            try (ResultSet rows = s.executeQuery(sql)) {
                rows.next();
                return rows.getString(1);
            }
        }
    }
}
