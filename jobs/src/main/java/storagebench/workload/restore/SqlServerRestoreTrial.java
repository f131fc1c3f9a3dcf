package storagebench.workload.restore;

import com.microsoft.sqlserver.jdbc.ISQLServerConnection;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.ServerPath;
import storagebench.events.TrialTimed;
import storagebench.workload.Params;
import storagebench.workload.Phase;
import storagebench.workload.TrialContext;
import storagebench.workload.dbfiles.Tsql;
import storagebench.workload.sampling.IoSampling;
import storagebench.workload.sampling.SampledStep;

/**
 * One trial of {@link SqlServerRestore}. The percent messages are timed as mssql-jdbc reads them, through
 * its server message handler, so each sub-step ends when its message reached storagebench; without that
 * handler (another driver behind the URL) they come from the statement's warnings once it ends.
 */
final class SqlServerRestoreTrial {
    private final TrialContext trial;
    private final DatabaseTarget target;
    private final Params params;
    private final ServerPath root;
    private final SampledStep sampled;
    private final SqlServerRestoreProgress progress = new SqlServerRestoreProgress();
    private final List<SqlServerRestore.BackupFile> files = new ArrayList<>();
    private Connection connection;
    private String restoreSql;
    private boolean handled;

    SqlServerRestoreTrial(TrialContext trial, IoSampling sampling) {
        this.trial = trial;
        this.target = (DatabaseTarget) trial.target();
        this.params = trial.params();
        this.root = target.fileRoot();
        this.sampled = new SampledStep(sampling);
    }

    Map<String, Double> prepare() throws SQLException {
        connection = target.connect();
        connection.setAutoCommit(true);
        List<String> sql =
                SqlServerRestore.setup(params, root).statements("prepare-backup", Phase.SETUP);
        Tsql.run(connection, sql.subList(0, sql.size() - 1));
        try (Statement s = connection.createStatement()) {
            try (ResultSet rs = s.executeQuery(sql.get(sql.size() - 1))) {
                while (rs.next()) {
                    files.add(
                            new SqlServerRestore.BackupFile(
                                    rs.getString("LogicalName"), rs.getString("Type")));
                }
            }
        }
        restoreSql = SqlServerRestore.restore(params, root, files);
        handled = listen();
        sampled.open(target, trial, "restore", params.getText(SqlServerRestore.NAME));
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put("backup_files", (double) files.size());
        return metrics;
    }

    Map<String, Double> restore() throws Exception {
        Map<String, Double> metrics =
                new LinkedHashMap<>(
                        sampled.run(
                                () -> {
                                    try (Statement s = connection.createStatement()) {
                                        s.execute(restoreSql);
                                        while (s.getMoreResults() || s.getUpdateCount() != -1) {
                                            // each DONE token of the restore; the messages come
                                            // through the handler
                                        }
                                        if (!handled) {
                                            Instant end = now();
                                            for (SQLWarning w = s.getWarnings();
                                                    w != null;
                                                    w = w.getNextWarning()) {
                                                progress.accept(end, w.getMessage());
                                            }
                                        }
                                    }
                                    return Map.of();
                                }));
        metrics.put("files", (double) files.size());
        metrics.putAll(progress.metrics());
        return metrics;
    }

    /** Times every informational message as it arrives; false when the driver is not mssql-jdbc. */
    private boolean listen() throws SQLException {
        if (!connection.isWrapperFor(ISQLServerConnection.class)) {
            return false;
        }
        connection
                .unwrap(ISQLServerConnection.class)
                .setServerMessageHandler(
                        message -> {
                            if (message.isInfoMessage()) {
                                progress.accept(now(), message.getErrorMessage());
                            }
                            return message;
                        });
        return true;
    }

    Map<String, Double> progress(TrialTimed measured) {
        progress.emit(measured, trial::emit);
        return Map.of();
    }

    Map<String, Double> drop() throws SQLException {
        try (SampledStep s = sampled;
                Connection c = connection) {
            connection = null;
        } catch (SQLException e) {
            // the connections are gone either way; dropping the databases matters more
        }
        List<String> sql = SqlServerRestore.cleanup(params, root).statements("drop", Phase.CLEANUP);
        boolean generated = params.getText(SqlServerRestore.BACKUP).isBlank();
        Tsql.run(target, generated ? sql.subList(0, sql.size() - 1) : sql);
        if (generated) {
            try {
                Tsql.run(target, sql.subList(sql.size() - 1, sql.size()));
            } catch (SQLException e) {
                // deleting the generated backup is best effort: the next trial overwrites it (WITH
                // INIT)
            }
        }
        return Map.of();
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }
}
