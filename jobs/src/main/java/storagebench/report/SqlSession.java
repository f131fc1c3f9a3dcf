package storagebench.report;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * DuckDB over one dataset with README's views defined ({@link QueryViews}), for statements a user
 * writes. A database of its own, not the report's ({@link DuckDb}): what a user creates stays in it.
 */
public final class SqlSession implements AutoCloseable {
    /** DuckDB's guess at the table meant; one of its own catalog (pg_enum) is left out. */
    private static final Pattern GUESS = Pattern.compile(" Did you mean \"(\\w+)\"\\?");

    private final Connection duckdb;
    private final QueryViews.Defined views;

    private SqlSession(Connection duckdb, QueryViews.Defined views) {
        this.duckdb = duckdb;
        this.views = views;
    }

    /** A session over the dataset at {@code parquet}, its views defined. */
    public static SqlSession open(Path parquet) {
        Connection duckdb = null;
        try {
            duckdb = DriverManager.getConnection("jdbc:duckdb:");
            return new SqlSession(duckdb, QueryViews.define(duckdb, parquet));
        } catch (SQLException e) {
            closeQuietly(duckdb);
            throw new ReportException(
                    parquet
                            + ": cannot define the views of "
                            + QueryViews.RESOURCE
                            + ": "
                            + line(e),
                    e);
        }
    }

    /** The views defined and left out. */
    public QueryViews.Defined views() {
        return views;
    }

    /** Runs one statement: its rows, or none for a statement that returns none (SET, CREATE, INSERT). */
    public Optional<QueryResult> run(String sql) throws SQLException {
        try (Statement statement = duckdb.createStatement()) {
            if (!statement.execute(sql)) {
                return Optional.empty();
            }
            return Optional.of(QueryResult.read(statement.getResultSet()));
        }
    }

    /**
     * A failure as one line: DuckDB's reason without the SQL it quotes, and why a view the dataset has
     * no files for yet does not exist; for a table that is none of the views, the views there are (in
     * place of DuckDB's guess when it guessed a table of its own catalog).
     */
    public String message(SQLException e) {
        String line = line(e);
        Optional<String> missing = views.missing(e);
        if (missing.isPresent()) {
            return line + " (the dataset has no files for the view " + missing.get() + " yet)";
        }
        if (views.unknown(e).isEmpty() || views.views().isEmpty()) {
            return line;
        }
        Matcher guess = GUESS.matcher(line);
        if (guess.find() && guess.group(1).matches("(pg|duckdb|sqlite)_\\w*")) {
            line = line.substring(0, guess.start()) + line.substring(guess.end());
        }
        return line + " The views: " + String.join(", ", views.views());
    }

    private static String line(SQLException e) {
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        StringBuilder line = new StringBuilder();
        for (String text : message.strip().lines().toList()) {
            if (text.isBlank() || text.startsWith("LINE ")) {
                break;
            }
            line.append(line.isEmpty() ? "" : " ").append(text.strip());
        }
        return line.toString();
    }

    private static void closeQuietly(Connection duckdb) {
        try {
            if (duckdb != null) {
                duckdb.close();
            }
        } catch (SQLException e) {
            // the failure to open is what is reported
        }
    }

    @Override
    public void close() {
        try {
            duckdb.close();
        } catch (SQLException e) {
            // nothing is written on close: an in-memory database
        }
    }
}
