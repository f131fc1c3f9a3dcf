package storagebench.workload.fileinit;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import storagebench.dbms.DatabaseTarget;
import storagebench.workload.Phase;
import storagebench.workload.TrialContext;
import storagebench.workload.dbfiles.Tsql;
import storagebench.workload.dbfiles.TsqlPlan;
import storagebench.workload.sampling.IoSampling;
import storagebench.workload.sampling.SampledStep;

/** One trial of {@link SqlServerFileInit}: one connection from set-up to clean-up. */
final class SqlServerFileInitTrial {
    private final DatabaseTarget target;
    private final TrialContext trial;
    private final String database;
    private final TsqlPlan plan;
    private final String expectIfi;
    private final String measuredStep;
    private final SampledStep sampled;
    private final Map<String, Double> ifi = new LinkedHashMap<>();
    private Connection connection;

    SqlServerFileInitTrial(
            DatabaseTarget target,
            TrialContext trial,
            String database,
            TsqlPlan plan,
            String expectIfi,
            IoSampling sampling,
            String measuredStep) {
        this.measuredStep = measuredStep;
        this.target = target;
        this.trial = trial;
        this.database = database;
        this.plan = plan;
        this.expectIfi = expectIfi;
        this.sampled = new SampledStep(sampling);
    }

    /** Drops a leftover, reads the IFI state and checks it against expect-ifi, opens the sampler. */
    Map<String, Double> prepare() throws SQLException {
        connection = target.connect();
        connection.setAutoCommit(true);
        var statements = plan.statements("prepare", Phase.SETUP);
        Tsql.run(connection, statements.subList(0, statements.size() - 1));
        try (Statement s = connection.createStatement()) {
            String state = ifiState(s, statements.get(statements.size() - 1));
            ifi.put("ifi_known", state == null ? 0.0 : 1.0);
            if (state != null) {
                ifi.put("ifi_enabled", state.equals("Y") ? 1.0 : 0.0);
            }
            check(expectIfi, state);
        }
        sampled.open(target, trial, measuredStep, database);
        return ifi;
    }

    /** Y, N, or null when the server does not say (before SQL Server 2016 SP1, or without VIEW SERVER STATE). */
    private static String ifiState(Statement s, String sql) {
        try (ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getString(1).strip().toUpperCase(Locale.ROOT) : null;
        } catch (SQLException e) {
            return null;
        }
    }

    /** Fails when the server's IFI state ({@code Y}, {@code N}, or null: unknown) is not the expected one. */
    static void check(String expectIfi, String state) {
        if (expectIfi.equals("any")) {
            return;
        }
        if (state == null) {
            throw new IllegalStateException(
                    "expect-ifi: "
                            + expectIfi
                            + " but the server does not report Instant "
                            + "File Initialization (sys.dm_server_services.instant_file_initialization_enabled needs SQL "
                            + "Server 2016 SP1 or later and VIEW SERVER STATE); use expect-ifi: any to record it as unknown");
        }
        String actual = state.equals("Y") ? "on" : "off";
        if (!actual.equals(expectIfi)) {
            throw new IllegalStateException(
                    "expect-ifi: "
                            + expectIfi
                            + " but Instant File Initialization is "
                            + actual
                            + " on this server; it is the service account's 'Perform volume maintenance tasks' "
                            + "privilege (Windows) or trace flag / setup option, changed outside SQL and after a restart");
        }
    }

    Map<String, Double> execute(String step, Phase phase) throws SQLException {
        Tsql.run(connection, plan.statements(step, phase));
        return Map.of();
    }

    /** The measured step, sampled; metrics: files, bytes allocated, the IFI state and the IO figures. */
    Map<String, Double> measure(String step, long bytes, int files) throws Exception {
        Map<String, Double> metrics =
                new LinkedHashMap<>(sampled.run(() -> execute(step, Phase.MEASURED)));
        metrics.put("files", (double) files);
        metrics.put("file_bytes", (double) bytes);
        metrics.putAll(ifi);
        return metrics;
    }

    /** Closes the sampler and drops the database (SINGLE_USER first), on a fresh connection if need be. */
    Map<String, Double> drop() throws SQLException {
        try (SampledStep s = sampled;
                Connection c = connection) {
            connection = null;
        } catch (SQLException e) {
            // the connections are gone either way; dropping the database matters more
        }
        Tsql.run(target, plan.statements("drop", Phase.CLEANUP));
        return Map.of();
    }
}
