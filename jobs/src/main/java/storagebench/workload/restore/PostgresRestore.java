package storagebench.workload.restore;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import storagebench.BadInputException;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.ServerDatabases;
import storagebench.dbms.Target;
import storagebench.dbms.TargetUnavailableException;
import storagebench.workload.Param;
import storagebench.workload.ParamType;
import storagebench.workload.Params;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;
import storagebench.workload.Workload;
import storagebench.workload.process.Executables;

/**
 * Seed 004 on PostgreSQL: {@code pg_restore -v} of a backup into an empty database, timed. Without
 * {@code backup}, set-up makes one (untimed): a database {@code <name>_src} with a table of
 * {@code rows} rows and {@code indexes} indexes, dumped with {@code pg_dump -Fc}, then dropped. The
 * measured step restores into a fresh {@code <name>}; pg_restore's lines, timed as they arrive, become
 * sub-steps {@code restore.<kind> <object>} (one per table, data, index, constraint; see
 * {@link PgRestoreProgress}). Clean-up drops the restored database and the generated dump, also after
 * a failure; set-up first drops what an interrupted trial left. The tools get the connection and the
 * password through libpq's environment, never on their command line.
 */
final class PostgresRestore implements Workload {
    static final String BACKUP = RestoreParams.BACKUP;
    static final String ROWS = RestoreParams.ROWS;
    static final String INDEXES = RestoreParams.INDEXES;
    static final String JOBS = "jobs";
    static final String NAME = RestoreParams.NAME;
    static final String PG_RESTORE = "pg-restore";
    static final String PG_DUMP = "pg-dump";
    static final String SAMPLE_INTERVAL = "sample-interval";
    static final String FOLDER = "workloads/restore";

    /** DROP DATABASE … WITH (FORCE) came with PostgreSQL 13. */
    static final int MIN_VERSION = 130000;

    @Override
    public String name() {
        return "restore";
    }

    @Override
    public String description() {
        return "pg_restore a backup (given, or made at set-up) into a new database, timed per object (seed 004)";
    }

    @Override
    public List<Param> params() {
        List<Param> params =
                new ArrayList<>(
                        RestoreParams.common(
                                "a pg_dump archive (custom, "
                                        + "directory or tar format) on this host",
                                "about 250 bytes each",
                                "on expressions, besides the " + "primary key",
                                "a database of the target's server"));
        params.addAll(
                List.of(
                        Param.optional(
                                        JOBS,
                                        ParamType.INT,
                                        "1",
                                        "pg_restore -j: parallel jobs (1: serial, per-object "
                                                + "steps in order)")
                                .atLeast(1),
                        Param.optional(
                                PG_RESTORE, ParamType.TEXT, "pg_restore", "the pg_restore program"),
                        Param.optional(
                                PG_DUMP,
                                ParamType.TEXT,
                                "pg_dump",
                                "the pg_dump program, for a generated backup"),
                        Param.optional(
                                SAMPLE_INTERVAL,
                                ParamType.DURATION,
                                "1s",
                                "how often the server's IO counters "
                                        + "(the restored database, its tables, WAL, buffers written) are sampled into IoSamples "
                                        + "during the restore (second connection); 0s: never")));
        return params;
    }

    @Override
    public void preflight(Target target, List<Params> variants) {
        DatabaseTarget db = (DatabaseTarget) target;
        String ownDatabase = ServerDatabases.of(db, "restore").own();
        for (Params p : variants) {
            String name = p.getText(NAME);
            try {
                db.dialect().identifier(name);
                db.dialect().identifier(name + "_src");
            } catch (IllegalArgumentException e) {
                throw new BadInputException(
                        "restore: name: "
                                + e.getMessage()
                                + " (with '_src' added for the "
                                + "generated source)");
            }
            if (name.equalsIgnoreCase(ownDatabase)) {
                throw new BadInputException(
                        "restore: name '"
                                + name
                                + "' is the target's own database, which the "
                                + "trial would drop; choose another name");
            }
            tool(p.getText(PG_RESTORE), PG_RESTORE);
            String backup = p.getText(BACKUP);
            if (backup.isEmpty()) {
                tool(p.getText(PG_DUMP), PG_DUMP);
            } else if (!Files.isReadable(Path.of(backup))) {
                throw new BadInputException(
                        "restore: backup: " + backup + " does not exist or cannot be read");
            }
        }
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            var sql = db.dialect().script(FOLDER);
            try (ResultSet rs = s.executeQuery(sql.sql("version"))) {
                rs.next();
                if (rs.getInt(1) < MIN_VERSION) {
                    throw new BadInputException(
                            "restore on postgres needs PostgreSQL 13 or later (DROP DATABASE "
                                    + "… WITH (FORCE)); the server is version "
                                    + rs.getInt(1));
                }
            }
        } catch (SQLException e) {
            throw new TargetUnavailableException(
                    "restore: cannot check the server " + db.location() + ": " + e.getMessage());
        }
        db.kind().database().requireDatabaseRights(db, name());
    }

    private static void tool(String program, String key) {
        Executables.problem(program, null)
                .ifPresent(
                        problem -> {
                            throw new BadInputException(
                                    "restore: "
                                            + key
                                            + ": "
                                            + problem
                                            + " (install PostgreSQL's client "
                                            + "programs or give the program's path)");
                        });
    }

    @Override
    public List<Step> steps(TrialContext trial) {
        Params p = trial.params();
        String backup = p.getText(BACKUP);
        PostgresRestoreTrial restore =
                new PostgresRestoreTrial(
                        (DatabaseTarget) trial.target(),
                        trial,
                        p.getText(NAME),
                        backup.isEmpty() ? null : Path.of(backup),
                        p.getInt(ROWS),
                        p.getInt(INDEXES),
                        p.getInt(JOBS),
                        p.getText(PG_RESTORE),
                        p.getText(PG_DUMP),
                        p.getDuration(SAMPLE_INTERVAL));
        return List.of(
                Step.setup("prepare", restore::setup),
                Step.measured("restore", restore::restore).then(restore::steps),
                Step.cleanup("drop", restore::cleanup));
    }
}
