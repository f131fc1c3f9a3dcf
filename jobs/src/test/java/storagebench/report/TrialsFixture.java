package storagebench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Writes trials files the way the sink lays them out (the TrialTimed fields as columns, Hive
 * partitions), with DuckDB itself.
 */
public final class TrialsFixture {
    private final List<String> rows = new ArrayList<>();
    private boolean withMetrics = true;

    public TrialsFixture trial(
            String runId,
            String experiment,
            String host,
            String variant,
            String step,
            int index,
            boolean warmup,
            String outcome,
            double seconds) {
        return trial(
                runId, experiment, host, variant, step, index, warmup, outcome, seconds, Map.of());
    }

    /** As the other, with {@code metrics} beside its {@code bytes}. */
    public TrialsFixture trial(
            String runId,
            String experiment,
            String host,
            String variant,
            String step,
            int index,
            boolean warmup,
            String outcome,
            double seconds,
            Map<String, Double> metrics) {
        StringBuilder map = new StringBuilder("MAP {'bytes': 8192.0");
        metrics.forEach((k, v) -> map.append(", ").append(quote(k)).append(": ").append(v));
        map.append('}');
        long nanos = Math.round(seconds * 1e9);
        String start = "TIMESTAMPTZ '2026-11-30 10:00:00+00' + INTERVAL " + index + " MINUTE";
        rows.add(
                String.join(
                        ", ",
                        quote(runId + "/" + index + "/" + step),
                        quote(runId),
                        quote(experiment),
                        quote(host),
                        quote(runId + "/" + index),
                        String.valueOf(index),
                        quote(variant),
                        factors(variant),
                        "1",
                        String.valueOf(warmup),
                        quote(step),
                        start,
                        start + " + INTERVAL " + Math.round(seconds * 1e6) + " MICROSECOND",
                        String.valueOf(nanos),
                        quote(outcome),
                        "FAILED".equals(outcome) ? quote("boom") : "NULL::VARCHAR",
                        map.toString()));
        return this;
    }

    /**
     * One night of a pgbench-like experiment {@code nightly} on host {@code vm}, variant {@code
     * clients=4}: a timed {@code load} step at {@code first}, then five progress intervals of {@code
     * intervalSeconds} each, their tpm {@code tpm} + 100, + 200, … + 500.
     */
    public TrialsFixture pgbenchNight(
            String runId, int first, double loadSeconds, double intervalSeconds, double tpm) {
        trial(runId, "nightly", "vm", "clients=4", "load", first, false, "OK", loadSeconds);
        for (int t = 1; t <= 5; t++) {
            trial(
                    runId,
                    "nightly",
                    "vm",
                    "clients=4",
                    "progress",
                    first + t,
                    false,
                    "OK",
                    intervalSeconds,
                    Map.of("tpm", tpm + 100 * t));
        }
        return this;
    }

    /** Leaves the metrics column out, like a file written before the column existed. */
    public TrialsFixture withoutMetrics() {
        withMetrics = false;
        return this;
    }

    /** Writes {@code <parquetRoot>/trials/experiment=<e>/date=<date>/<name>.parquet}. */
    public void write(Path parquetRoot, String experiment, String date, String name)
            throws IOException, SQLException {
        Path dir =
                parquetRoot
                        .resolve("trials")
                        .resolve("experiment=" + experiment)
                        .resolve("date=" + date);
        Files.createDirectories(dir);
        String columns =
                "event_id, run_id, experiment, host, trial_id, trial_index, variant, factors, repetition,"
                        + " warmup, step, start_time, end_time, duration_ns, outcome, error, metrics";
        String values = rows.stream().map(r -> "(" + r + ")").collect(Collectors.joining(",\n"));
        String select =
                "SELECT "
                        + (withMetrics ? "*" : "* EXCLUDE (metrics)")
                        + " FROM (VALUES "
                        + values
                        + ") AS t("
                        + columns
                        + ")";
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                Statement sql = duckdb.createStatement()) {
            sql.execute(
                    "COPY ("
                            + select
                            + ") TO "
                            + quote(dir.resolve(name + ".parquet").toString())
                            + " (FORMAT parquet)");
        }
    }

    /** {@code init=zero, files=4} as a MAP(VARCHAR, VARCHAR) literal. */
    private static String factors(String variant) {
        return "MAP {"
                + List.of(variant.split(", ")).stream()
                        .map(
                                kv ->
                                        quote(kv.substring(0, kv.indexOf('=')))
                                                + ": "
                                                + quote(kv.substring(kv.indexOf('=') + 1)))
                        .collect(Collectors.joining(", "))
                + "}";
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "''") + "'";
    }
}
