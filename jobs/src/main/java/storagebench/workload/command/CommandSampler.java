package storagebench.workload.command;

import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import storagebench.target.DatabaseTarget;
import storagebench.target.TargetKind;
import storagebench.target.ToolEnvironment;
import storagebench.workload.TrialContext;
import storagebench.workload.dbio.DatabaseIoSampler;

/**
 * The server's IO counters while a command runs against a database target: the sampler's connection is
 * opened at set-up, sampling starts with the run step and stops after it, outside its timed span, and
 * the connection is closed at clean-up. PostgreSQL: the target's database, the WAL and the buffers
 * written; Firebird: the target's database and its attachments; SQL Server: the files of
 * {@code sample-database} (or the url's databaseName).
 */
final class CommandSampler {
    private final DatabaseTarget target;
    private final TrialContext trial;
    private final String step;
    private final Duration interval;
    private final String parameter;
    private DatabaseIoSampler sampler;

    private CommandSampler(DatabaseTarget target, TrialContext trial, String step, Duration interval,
            String parameter) {
        this.target = target;
        this.trial = trial;
        this.step = step;
        this.interval = interval;
        this.parameter = parameter;
    }

    /** The sampler for this trial, or null when it samples nothing (interval 0s, no SQL Server database). */
    static CommandSampler of(DatabaseTarget target, TrialContext trial, String step) {
        Duration interval = trial.params().getDuration(CommandWorkload.SAMPLE_INTERVAL);
        if (interval.isZero()) {
            return null;
        }
        String parameter = "^$";
        if (target.kind() == TargetKind.SQLSERVER) {
            String database = trial.params().getText(CommandWorkload.SAMPLE_DATABASE);
            parameter = database.isBlank() ? ToolEnvironment.sqlcmd(target.url()).get("SQLCMDDBNAME") : database;
            if (parameter == null || parameter.isBlank()) {
                return null;
            }
        }
        return new CommandSampler(target, trial, step, interval, parameter);
    }

    Map<String, Double> open() throws SQLException {
        sampler = new DatabaseIoSampler(target, target.url(), trial, step, interval, parameter);
        return Map.of();
    }

    void start() {
        if (sampler != null) {
            sampler.start();
        }
    }

    /** Stops sampling (after the timed span) and emits the samples into the trial. */
    Map<String, Double> stop() throws SQLException, InterruptedException {
        return sampler == null ? Map.of() : Map.of("io_samples", (double) sampler.stop().size());
    }

    Map<String, Double> close() throws SQLException {
        try (DatabaseIoSampler s = sampler) {
            sampler = null;
        }
        return Map.of();
    }
}
