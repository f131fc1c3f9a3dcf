package storagebench.workload.oltp;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.Sha256;
import storagebench.dbms.SqlScript;
import storagebench.dbms.TargetUnavailableException;

/**
 * The schema of one trial: built and loaded in set-up (untimed), or reused as {@code schema:} allows when
 * the database's marker holds the same checksum (and, per run, the same run); dropped in clean-up only
 * with {@code per-trial}. What happened is recorded as the set-up step's and measured step's metrics:
 * {@code schema_built} 1 or 0, {@code schema_trials_before} (trials run on it before this one, whose
 * changes it holds).
 */
final class OltpSchema {
    private static final Logger log = LoggerFactory.getLogger(OltpSchema.class);

    private final OltpDatabase database;
    private final SqlScript marker;
    private final SqlScript sql;
    private final Mix mix;
    private final OltpSettings settings;
    private final String runId;
    private final Statements.Batches batches;
    private final Map<String, Double> state = new LinkedHashMap<>();

    OltpSchema(
            OltpDatabase database,
            SqlScript marker,
            SqlScript sql,
            Mix mix,
            OltpSettings settings,
            String runId,
            Statements.Batches batches) {
        this.database = database;
        this.batches = batches;
        this.marker = marker;
        this.sql = sql;
        this.mix = mix;
        this.settings = settings;
        this.runId = runId;
    }

    /** What decides whether a kept schema can be reused: the mix's shape and the SQL that builds it. */
    String checksum() {
        StringBuilder text = new StringBuilder(mix.shape()).append('\n');
        sql.statements()
                .forEach(
                        (name, statement) -> {
                            if (building(name) || name.startsWith("load-")) {
                                text.append(name).append(": ").append(statement).append('\n');
                            }
                        });
        return Sha256.hex(text.toString());
    }

    private static boolean building(String name) {
        return name.startsWith("create-")
                || name.startsWith("index-")
                || name.startsWith("analyze-");
    }

    /** Set-up: reuses the schema or builds it; returns what it did, as metrics. */
    Map<String, Double> prepare() throws SQLException, InterruptedException {
        String checksum = checksum();
        Integer trialsBefore =
                settings.schema() == SchemaMode.PER_TRIAL ? null : reusable(checksum);
        Map<String, Double> metrics = new LinkedHashMap<>();
        if (trialsBefore != null) {
            log.info(
                    "oltp: reusing {} in {} ({} trial(s) ran on it before)",
                    mix.shape(),
                    settings.database(),
                    trialsBefore);
            metrics.put("schema_built", 0.0);
            metrics.put("schema_trials_before", (double) trialsBefore);
        } else {
            metrics.putAll(build(checksum));
            metrics.put("schema_built", 1.0);
            metrics.put("schema_trials_before", 0.0);
        }
        state.clear();
        state.put("schema_built", metrics.get("schema_built"));
        state.put("schema_trials_before", metrics.get("schema_trials_before"));
        return metrics;
    }

    /** {@code schema_built} and {@code schema_trials_before}, for the measured step. */
    Map<String, Double> state() {
        return Map.copyOf(state);
    }

    /** The trials run on the schema before, counting this one, when it can be reused; else null. */
    private Integer reusable(String checksum) {
        try (Connection c = database.connect();
                Statement s = c.createStatement()) {
            String found;
            String builtBy;
            int trials;
            try (ResultSet rs = s.executeQuery(marker.sql("read-marker"))) {
                if (!rs.next()) {
                    return null;
                }
                found = rs.getString(1);
                builtBy = rs.getString(2);
                trials = rs.getInt(3);
            }
            boolean sameRun = settings.schema() == SchemaMode.KEEP || runId.equals(builtBy);
            if (!checksum.equals(found) || !sameRun) {
                log.info(
                        "oltp: {} in {} is {}; building it again",
                        mix.name(),
                        settings.database(),
                        sameRun ? "of other parameters" : "of run " + builtBy);
                return null;
            }
            s.executeUpdate(marker.sql("count-trial"));
            return trials;
        } catch (SQLException | TargetUnavailableException e) {
            // no database yet, or none of ours: it is built (a server that is gone fails the build)
            return null;
        }
    }

    private Map<String, Double> build(String checksum) throws SQLException, InterruptedException {
        long start = System.nanoTime();
        database.create();
        try (Connection c = database.connect();
                Statement s = c.createStatement()) {
            run(s, "create-");
            long loadStart = System.nanoTime();
            long rows = new SchemaLoad(database, sql, mix, loadThreads(), batches).run();
            double loadSeconds = (System.nanoTime() - loadStart) / 1e9;
            long indexStart = System.nanoTime();
            run(s, "index-");
            run(s, "analyze-");
            double indexSeconds = (System.nanoTime() - indexStart) / 1e9;
            s.execute(marker.sql("create-marker"));
            try (PreparedStatement write = c.prepareStatement(marker.sql("write-marker"))) {
                write.setString(1, checksum);
                write.setString(2, runId);
                write.executeUpdate();
            }
            s.executeUpdate(marker.sql("count-trial"));
            Map<String, Double> metrics = new LinkedHashMap<>();
            metrics.put("rows_loaded", (double) rows);
            metrics.put("load_s", loadSeconds);
            metrics.put("load_rows_per_s", rows / Math.max(loadSeconds, 1e-9));
            metrics.put("index_s", indexSeconds);
            metrics.put("build_s", (System.nanoTime() - start) / 1e9);
            metrics.put("load_threads", (double) loadThreads());
            return metrics;
        }
    }

    private int loadThreads() {
        return settings.loadThreads(mix.load().size());
    }

    private void run(Statement s, String prefix) throws SQLException {
        for (Map.Entry<String, String> statement : sql.statements().entrySet()) {
            if (statement.getKey().startsWith(prefix)) {
                s.execute(sql.sql(statement.getKey()));
            }
        }
    }

    /** Clean-up: drops the database with per-trial; keeps it otherwise. */
    void cleanup() throws SQLException {
        if (settings.schema() == SchemaMode.PER_TRIAL) {
            database.drop();
        }
    }
}
