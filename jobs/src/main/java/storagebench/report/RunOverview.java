package storagebench.report;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import storagebench.events.EventType;

/**
 * A run as the service's dashboard lists it: what started it, when, and how it ended.
 *
 * @param schedule the schedule that fired it, or null when a person started it
 * @param scheduled when the schedule meant it to start, or null
 * @param fired when the scheduler fired it, or null
 * @param status COMPLETED, FAILED or STOPPED (its last attempt's), or null while it runs
 * @param ended its last attempt's end, or null
 */
public record RunOverview(
        String experiment,
        String runId,
        String host,
        String schedule,
        Instant scheduled,
        Instant fired,
        Instant started,
        int plannedTrials,
        String status,
        Instant ended,
        Integer trials,
        Integer failures,
        String error) {

    /** From start to end, or null while it runs. */
    public Duration duration() {
        return ended == null ? null : Duration.between(started, ended);
    }

    /** The latest runs first, at most {@code limit}. */
    public static List<RunOverview> read(Path parquetRoot, ReportFilter filter, int limit) {
        Map<String, Ended> ended =
                Tables.query(
                                parquetRoot,
                                EventType.RUN_FINISHED,
                                "/report/finished-runs.sql",
                                filter,
                                Ended::row)
                        .stream()
                        .collect(Collectors.toMap(Ended::runId, Function.identity()));
        List<RunOverview> runs = new ArrayList<>();
        for (RunOverview started :
                Tables.query(
                        parquetRoot,
                        EventType.RUN_STARTED,
                        "/report/runs-overview.sql",
                        filter,
                        RunOverview::started)) {
            if (runs.size() == limit) {
                break;
            }
            Ended e = ended.get(started.runId);
            runs.add(e == null ? started : started.endedBy(e));
        }
        return List.copyOf(runs);
    }

    /** Whether the dataset holds the RunFinished of {@code experiment}'s run {@code runId} yet. */
    public static boolean finished(Path parquetRoot, String experiment, String runId) {
        return !Tables.query(
                        parquetRoot,
                        EventType.RUN_FINISHED,
                        "/report/finished-runs.sql",
                        ReportFilter.run(runId).withExperiment(experiment),
                        Ended::row)
                .isEmpty();
    }

    /** A run as its RunStarted row gives it, not ended yet. */
    private static RunOverview started(ResultSet rs) throws SQLException {
        return new RunOverview(
                rs.getString("experiment"),
                rs.getString("run_id"),
                rs.getString("host"),
                rs.getString("schedule"),
                micros(rs, "scheduled_us"),
                micros(rs, "fire_us"),
                micros(rs, "started_us"),
                rs.getInt("planned_trials"),
                null,
                null,
                null,
                null,
                null);
    }

    /** This run as its RunFinished row {@code e} ended it. */
    private RunOverview endedBy(Ended e) {
        return new RunOverview(
                experiment,
                runId,
                host,
                schedule,
                scheduled,
                fired,
                started,
                plannedTrials,
                e.status,
                e.ended,
                e.trials,
                e.failures,
                e.error);
    }

    private record Ended(
            String runId,
            String status,
            Instant ended,
            Integer trials,
            Integer failures,
            String error) {
        static Ended row(ResultSet rs) throws SQLException {
            return new Ended(
                    rs.getString("run_id"),
                    rs.getString("status"),
                    micros(rs, "ended_us"),
                    rs.getInt("trials"),
                    rs.getInt("failures"),
                    rs.getString("error"));
        }
    }

    static Instant micros(ResultSet rs, String column) throws SQLException {
        long us = rs.getLong(column);
        return rs.wasNull() ? null : Instant.EPOCH.plusNanos(us * 1000);
    }
}
