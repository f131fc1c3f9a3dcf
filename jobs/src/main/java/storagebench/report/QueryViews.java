package storagebench.report;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * README's views ({@code queries/duckdb.sql}, in the jar as {@value #RESOURCE}) over a dataset
 * folder: the variable {@code parquet} set to the folder, then the file's statements. DuckDB learns a
 * view's columns from its files, so a view over a table with no file yet (no runs, say) is left out, and
 * so is a view over a view left out.
 */
public final class QueryViews {
    public static final String RESOURCE = "/queries/duckdb.sql";

    private static final Pattern VIEW =
            Pattern.compile("(?i)\\bCREATE\\s+(?:OR\\s+REPLACE\\s+)?VIEW\\s+(\\w+)");
    private static final Pattern MISSING = Pattern.compile("Table with name (\\w+) does not exist");

    private QueryViews() {}

    /**
     * Defines the views on {@code duckdb} over the dataset at {@code parquet}.
     *
     * @return the views defined, and the ones left out for want of files
     */
    public static Defined define(Connection duckdb, Path parquet) throws SQLException {
        run(duckdb, "SET VARIABLE parquet = " + literal(parquet.toAbsolutePath().toString()));
        List<String> views = new ArrayList<>();
        List<String> leftOut = new ArrayList<>();
        for (String statement : SqlStatements.of(Tables.resource(RESOURCE)).all()) {
            Matcher view = VIEW.matcher(statement);
            try {
                run(duckdb, statement);
                if (view.find()) {
                    views.add(view.group(1));
                }
            } catch (SQLException e) {
                if (!view.find() || !(noFiles(e) || missingOf(e, leftOut).isPresent())) {
                    throw e;
                }
                leftOut.add(view.group(1));
            }
        }
        return new Defined(List.copyOf(views), List.copyOf(leftOut));
    }

    /**
     * The views of the file defined over one dataset.
     *
     * @param views the views defined
     * @param leftOut the views left out: their table has no file yet
     */
    public record Defined(List<String> views, List<String> leftOut) {
        /** The view left out that {@code e} says does not exist, if it says so of one. */
        public Optional<String> missing(SQLException e) {
            return missingOf(e, leftOut);
        }

        /** The table {@code e} says does not exist, where it is none of the views left out. */
        public Optional<String> unknown(SQLException e) {
            return missingTable(e).filter(table -> !leftOut.contains(table));
        }
    }

    private static boolean noFiles(SQLException e) {
        return String.valueOf(e.getMessage()).contains("No files found that match the pattern");
    }

    private static Optional<String> missingOf(SQLException e, List<String> leftOut) {
        return missingTable(e).filter(leftOut::contains);
    }

    /** The table {@code e} says does not exist, if it says so of one. */
    private static Optional<String> missingTable(SQLException e) {
        Matcher m = MISSING.matcher(String.valueOf(e.getMessage()));
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    private static void run(Connection duckdb, String sql) throws SQLException {
        try (Statement statement = duckdb.createStatement()) {
            statement.execute(sql);
        }
    }

    private static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }
}
