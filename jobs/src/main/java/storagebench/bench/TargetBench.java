package storagebench.bench;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import storagebench.BadInputException;
import storagebench.dbms.DatabaseTarget;
import storagebench.events.TrialTimed;
import storagebench.experiment.Experiment;
import storagebench.experiment.TrialPlan;
import storagebench.runner.TrialSteps;
import storagebench.workload.Params;
import storagebench.workload.Phase;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;
import storagebench.workload.filegroup.DatabaseFilegroupInsert;

/**
 * {@code bench targets}: filegroup-insert's measured step against a plain JDBC loop doing the same
 * inserts (same table, made by the workload's own set-up, same statement, autocommit, and H2's closing
 * CHECKPOINT), in ABBA order ({@link Abba}: A the workload, B the loop) after one warm-up pair, each timed like the runner times a step:
 * the monotonic clock around the action. The ratio of medians says what the workload adds: its
 * closing figures and the IO sampling beside it.
 */
public final class TargetBench {
    private TargetBench() {}

    public static TargetBenchReport run(Experiment experiment, int rows, int pairs, Path workDir)
            throws Exception {
        if (!(experiment.target() instanceof DatabaseTarget target)
                || !(experiment.workload() instanceof DatabaseFilegroupInsert workload)) {
            throw new BadInputException(
                    experiment.name()
                            + ": bench targets needs a database target (h2, postgres) "
                            + "and workload filegroup-insert");
        }
        Map<String, String> variant = TrialPlan.of(experiment).variants().get(0);
        Map<String, Object> values = new LinkedHashMap<>(experiment.params(variant).values());
        values.put("rows", rows);
        Params params = new Params(values);
        workload.preflight(target, List.of(params));
        String name = params.getText("name");
        Abba.Measure<TrialContext> trial =
                pair ->
                        new TrialContext(
                                "bench",
                                experiment.name(),
                                "bench",
                                "bench-" + (pair + 1),
                                variant,
                                target,
                                params,
                                workDir);
        Abba.Paired<Long> paired =
                Abba.run(
                        pairs,
                        true,
                        pair -> timeWorkload(workload.steps(trial.run(pair))),
                        pair -> timePlainLoop(workload.steps(trial.run(pair)), target, name, rows));
        return new TargetBenchReport(
                experiment.name(),
                target.kind().yamlName(),
                target.location(),
                variant,
                rows,
                paired);
    }

    private static long timeWorkload(List<Step> steps) {
        return TrialSteps.run(steps).values().stream().mapToLong(TrialTimed::getDurationNs).sum();
    }

    /** The workload's set-up and clean-up around a bare loop on its own connection, in place of its measured steps. */
    private static long timePlainLoop(
            List<Step> steps, DatabaseTarget target, String name, int rows) {
        List<Step> plain = new ArrayList<>();
        steps.stream().filter(s -> s.phase() != Phase.MEASURED).forEach(plain::add);
        plain.add(Step.measured("plain-loop", () -> plainLoop(target, name, rows)));
        return (long) (double) TrialSteps.run(plain).get("plain-loop").getMetrics().get("nanos");
    }

    /** The inserts and the closing statement, timed apart from connecting and preparing. */
    private static Map<String, Double> plainLoop(DatabaseTarget target, String name, int rows) {
        DatabaseFilegroupInsert workload = DatabaseFilegroupInsert.on(target.kind());
        try (Connection c = target.connect(workload.insertUrl(target, name));
                PreparedStatement insert =
                        c.prepareStatement(DatabaseFilegroupInsert.insertSql(target, name))) {
            c.setAutoCommit(true);
            insert.setString(1, workload.rowText());
            var closing = DatabaseFilegroupInsert.closingSql(target);
            long t0 = System.nanoTime();
            for (int i = 0; i < rows; i++) {
                insert.executeUpdate();
            }
            if (closing.isPresent()) {
                try (var s = c.createStatement()) {
                    s.execute(closing.get());
                }
            }
            return Map.of("nanos", (double) (System.nanoTime() - t0));
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "plain loop on " + target.location() + ": " + e.getMessage(), e);
        }
    }
}
