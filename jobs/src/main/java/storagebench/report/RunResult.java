package storagebench.report;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.apache.commons.statistics.distribution.TDistribution;
import storagebench.events.EventType;

/**
 * One run's result for one variant and step: its measured trials' mean duration with the half-width
 * of its 95% confidence interval (Student's t over the run's trials), as the fleet view sets hosts
 * side by side.
 *
 * @param halfWidth the interval's half-width in seconds; 0 for a single trial
 */
public record RunResult(
        String runId,
        String host,
        String variant,
        String step,
        long n,
        double mean,
        double halfWidth) {

    /** {@code mean ± halfWidth} in seconds, as a page shows it. */
    public String shown() {
        return String.format(Locale.ROOT, "%.3f s ± %.3f", mean, halfWidth);
    }

    /** The results of these runs; none when the dataset has no trials yet. */
    public static List<RunResult> read(Path parquetRoot, Collection<String> runIds) {
        if (runIds.isEmpty()) {
            return List.of();
        }
        try (Tables tables = Tables.open(parquetRoot)) {
            return tables.query(
                    EventType.TRIAL_TIMED,
                    "/report/run-results.sql",
                    "read each run's result",
                    false,
                    q -> q.setString(1, String.join(",", runIds)),
                    RunResult::row);
        }
    }

    private static RunResult row(ResultSet rs) throws SQLException {
        long n = rs.getLong("n");
        double sd = rs.getDouble("sd_s");
        double half =
                n < 2 || rs.wasNull()
                        ? 0
                        : TDistribution.of(n - 1).inverseSurvivalProbability(0.025)
                                * sd
                                / Math.sqrt(n);
        return new RunResult(
                rs.getString("run_id"),
                rs.getString("host"),
                rs.getString("variant"),
                rs.getString("step"),
                n,
                rs.getDouble("mean_s"),
                half);
    }
}
