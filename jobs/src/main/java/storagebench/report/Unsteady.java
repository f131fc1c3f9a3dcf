package storagebench.report;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import storagebench.events.EventType;

/**
 * Measured trials of one variant and step that never reached steady state: their workload ramped for
 * its longest ({@code steady-state}'s {@code max-ramp}) and measured anyway (metric {@code steady}
 * 0).
 *
 * @param unsteady the trials that never got there
 * @param judged the trials with a steady state set
 */
public record Unsteady(
        String experiment, String host, String variant, String step, long unsteady, long judged) {
    /** The metric a steady state sets: 1 when the ramp got there, 0 when it never did. */
    static final String STEADY = "steady";

    /**
     * The variants and steps with trials that never reached steady state; none when every trial did or
     * none had a steady state set.
     *
     * @param experiment the experiment, or null for every one
     * @param runs the runs to read, or empty for all
     * @param host the host, or null for every one
     */
    public static List<Unsteady> read(
            Tables tables, String experiment, List<String> runs, String host) {
        String doing = "find the trials that never reached steady state";
        // most datasets have no trial with a steady state set: their files' statistics say so
        if (!tables.metricsPossible(List.of(STEADY), doing).contains(STEADY)) {
            return List.of();
        }
        return tables.query(
                EventType.TRIAL_TIMED,
                "/report/unsteady.sql",
                doing,
                false,
                q -> {
                    q.setString(1, experiment);
                    q.setString(2, runs.isEmpty() ? null : String.join(",", runs));
                    q.setString(3, host);
                },
                rs -> row(rs));
    }

    /** As {@link #read(Tables, String, List, String)}, of the trials {@code filter} keeps. */
    public static List<Unsteady> read(Tables tables, ReportFilter filter) {
        return read(
                tables,
                filter.experiment().orElse(null),
                filter.runId().map(List::of).orElse(List.of()),
                filter.host().orElse(null));
    }

    /** As {@link #read(Tables, String, List, String)}, on a read of its own. */
    public static List<Unsteady> read(
            Path parquetRoot, String experiment, List<String> runs, String host) {
        try (Tables tables = Tables.open(parquetRoot, HostScope.ALL, experiment)) {
            return read(tables, experiment, runs, host);
        }
    }

    /** As {@link #read(Tables, ReportFilter)}, on a read of its own. */
    public static List<Unsteady> read(Path parquetRoot, ReportFilter filter) {
        try (Tables tables = Tables.open(parquetRoot, filter)) {
            return read(tables, filter);
        }
    }

    /** The lines a text report prints under its tables, one per variant and step; empty for none. */
    public static String lines(List<Unsteady> rows) {
        StringBuilder out = new StringBuilder();
        for (Unsteady u : rows) {
            out.append("not steady: ")
                    .append(u.experiment())
                    .append(" · ")
                    .append(u.host())
                    .append(" · ")
                    .append(u.step())
                    .append(" · ")
                    .append(u.variant())
                    .append(": ")
                    .append(u.trials())
                    .append(" never reached steady state (measured after the longest ramp)\n");
        }
        return out.toString();
    }

    /** {@code 2 of 3 trials}. */
    public String trials() {
        return unsteady + " of " + judged + " trial" + (judged == 1 ? "" : "s");
    }

    private static Unsteady row(ResultSet rs) throws SQLException {
        return new Unsteady(
                rs.getString("experiment"),
                rs.getString("host"),
                rs.getString("variant"),
                rs.getString("step"),
                rs.getLong("unsteady"),
                rs.getLong("judged"));
    }
}
