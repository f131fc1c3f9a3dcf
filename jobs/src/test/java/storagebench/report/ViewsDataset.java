package storagebench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A small dataset for README's views, written with DuckDB in the sink's layout: trials of one run
 * in a file written before phase, host_settings and metrics existed, a current one and set-up rows;
 * and the run.
 */
public final class ViewsDataset {
    private static final String TRIAL =
            "'h' AS host, 'v=1' AS variant, 'create' AS step, 'r1' AS run_id, i AS trial_index, 1 AS repetition,"
                    + " false AS warmup, 'OK' AS outcome, 1000000000 * (i + 1) AS duration_ns,"
                    + " TIMESTAMPTZ '2026-11-30 10:00:00+00' + to_minutes(i) AS start_time";

    private ViewsDataset() {}

    /**
     * Writes the trials under {@code <parquet>/trials}: two old measured ones (1 s and 2 s), two
     * current ones (3 s and 4 s), two set-up rows.
     */
    public static void trials(Path parquet) throws IOException, SQLException {
        Path trials =
                Files.createDirectories(parquet.resolve("trials/experiment=e/date=2026-11-30"));
        copy("SELECT " + TRIAL + " FROM range(0, 2) t(i)", trials.resolve("old.parquet"));
        copy(
                "SELECT "
                        + TRIAL
                        + ", 'measured' AS phase, MAP {'cpu-governor': 'performance'}"
                        + " AS host_settings, MAP {'rows': 1.0} AS metrics FROM range(2, 4) t(i)",
                trials.resolve("new.parquet"));
        copy(
                "SELECT "
                        + TRIAL
                        + ", 'setup' AS phase, MAP {}::MAP(VARCHAR, VARCHAR) AS host_settings,"
                        + " MAP {}::MAP(VARCHAR, DOUBLE) AS metrics FROM range(4, 6) t(i)",
                trials.resolve("setup.parquet"));
    }

    /** Writes the run r1 under {@code <parquet>/runs}. */
    public static void runs(Path parquet) throws IOException, SQLException {
        Path runs = Files.createDirectories(parquet.resolve("runs/experiment=e/date=2026-11-30"));
        copy(
                "SELECT 'r1' AS run_id, 1 AS attempt,"
                        + " TIMESTAMPTZ '2026-11-30 10:00:00+00' AS start_time",
                runs.resolve("r.parquet"));
    }

    /** The trials and the run under {@code <dataDir>/parquet}, the default dataset folder. */
    public static Path write(Path dataDir) throws IOException, SQLException {
        Path parquet = dataDir.resolve("parquet");
        trials(parquet);
        runs(parquet);
        return parquet;
    }

    private static void copy(String select, Path file) throws SQLException {
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = duckdb.createStatement()) {
            s.execute(
                    "COPY ("
                            + select
                            + ") TO '"
                            + file.toString().replace("'", "''")
                            + "' (FORMAT parquet)");
        }
    }
}
