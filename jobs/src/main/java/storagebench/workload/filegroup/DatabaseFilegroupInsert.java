package storagebench.workload.filegroup;

import java.util.ArrayList;
import java.util.List;
import storagebench.BadInputException;
import storagebench.config.Values;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.firebird.FirebirdServer;
import storagebench.dbms.postgres.PostgresRole;
import storagebench.dbms.SqlDialect;
import storagebench.dbms.Target;
import storagebench.dbms.TargetKind;
import storagebench.workload.Param;
import storagebench.workload.ParamType;
import storagebench.workload.Params;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;
import storagebench.workload.Workload;
import storagebench.workload.dbfiles.SqlServerChecks;
import storagebench.workload.sampling.IoSampling;

/**
 * Seed 001 on a database target: R single-row inserts of a CHAR(8000) row, each its own commit, into a
 * table spread over N files. PostgreSQL: a table hash-partitioned over N partitions, each in its own
 * tablespace under the target's tablespace-root; Firebird: a database of N files of file-size under the
 * target's database-root; H2: a fresh database file (N = 1); SQL Server: the seed's own script, a database
 * with a filegroup of N files under the target's file-root ({@link SqlServerFilegroup}, with the extra
 * parameters log-size and the IO sampling's throttling limits). Set-up creates the
 * storage (dropping what an interrupted trial left), clean-up drops it, also after a failure.
 */
public final class DatabaseFilegroupInsert implements Workload {
    static final String FILES = "files";
    static final String ROWS = "rows";
    static final String NAME = "name";
    static final String SAMPLE_INTERVAL = "sample-interval";
    static final String FILE_SIZE = "file-size";
    static final String FOLDER = "workloads/filegroup-insert";
    /** The longest suffix added to {@code name}: {@code _ts} or {@code _p} and up to 4 digits. */
    private static final String LONGEST_SUFFIX = "_ts0000";
    private final TargetKind kind;

    /** The workload for targets of {@code kind}: SQL Server and Firebird have parameters of their own. */
    public DatabaseFilegroupInsert(TargetKind kind) {
        this.kind = kind;
    }

    /** The database the inserts go to: the target's, or for H2 the trial's own file. */
    public static String insertUrl(DatabaseTarget target, String name) {
        return switch ((SqlDialect) target.dialect()) {
            case H2 -> H2Filegroup.trialUrl(target.url(), name);
            case FIREBIRD -> FirebirdFilegroup.trialUrl(target, name);
            default -> target.url();
        };
    }

    /** The value each insert binds on {@code target}: the seed's, or one that does not compress (Firebird). */
    public static String rowText(DatabaseTarget target) {
        return target.dialect() == SqlDialect.FIREBIRD ? FirebirdFilegroup.TEXT : DatabaseInsertTrial.TEXT;
    }

    /** The insert statement of this workload on the table {@code name}. */
    public static String insertSql(DatabaseTarget target, String name) {
        return target.dialect().script(FOLDER).sql("insert", java.util.Map.of("table",
                target.dialect().identifier(name)));
    }

    /**
     * What the measured step runs after the rows to have them in the file (H2's CHECKPOINT), if anything,
     * so that a comparison does the same work. For comparisons.
     */
    public static java.util.Optional<String> closingSql(DatabaseTarget target) {
        var script = target.dialect().script(FOLDER);
        return script.has("checkpoint") ? java.util.Optional.of(script.sql("checkpoint")) : java.util.Optional.empty();
    }

    @Override
    public String name() {
        return "filegroup-insert";
    }

    @Override
    public String description() {
        return "insert R CHAR(8000) rows, one commit each, into a table over N files of a database (seed 001)";
    }

    @Override
    public List<Param> params() {
        List<Param> params = new ArrayList<>(List.of(
                Param.optional(FILES, ParamType.INT, "1", "files the table is spread over: PostgreSQL "
                        + "tablespaces, each holding one hash partition; Firebird: the database's files; SQL Server: "
                        + "files of the filegroup; H2: 1 only").atLeast(1),
                Param.optional(ROWS, ParamType.INT, "100000", "rows inserted, one commit each").atLeast(1),
                Param.optional(NAME, ParamType.TEXT, "sb_filegroup", "name of the table (and prefix of its "
                        + "tablespaces, partitions or database file): letters, digits, '_'"),
                Param.optional(SAMPLE_INTERVAL, ParamType.DURATION, "1s", "how often the server's IO counters "
                        + "are sampled into IoSamples during the inserts (second connection); 0s: never")));
        if (kind == TargetKind.SQLSERVER) {
            params.add(Param.optional(SqlServerFilegroup.FILE_SIZE, ParamType.SIZE, "20MB", "size of each file of "
                    + "the filegroup (they do not grow), at most 16TB").atLeast(1));
            params.add(Param.optional(SqlServerFilegroup.LOG_SIZE, ParamType.SIZE, "64MB", "size of the log "
                    + "(SIMPLE recovery; grows by 64MB if need be), at most 2TB").atLeast(1));
            IoSampling.params().stream().filter(p -> !p.name().equals(SAMPLE_INTERVAL)).forEach(params::add);
        }
        if (kind == TargetKind.FIREBIRD) {
            params.add(Param.optional(FILE_SIZE, ParamType.SIZE, "0", "the length of each database file (whole "
                    + "8 KiB pages, at least 2MiB when files > 1; the last file grows as needed)"));
        }
        return params;
    }

    @Override
    public void preflight(Target target, List<Params> variants) {
        DatabaseTarget db = (DatabaseTarget) target;
        if (db.dialect() == SqlDialect.SQLSERVER) {
            SqlServerChecks.preflight(db, variants, name(), SqlServerFilegroup::problem);
            return;
        }
        for (Params p : variants) {
            String name = p.getText(NAME);
            try {
                db.dialect().identifier(name);
                db.dialect().identifier(name + LONGEST_SUFFIX);
            } catch (IllegalArgumentException e) {
                throw new BadInputException("filegroup-insert: name: " + e.getMessage() + " (with '"
                        + LONGEST_SUFFIX + "' added for tablespaces)");
            }
            int files = p.getInt(FILES);
            if (files > 9999) {
                throw new BadInputException("filegroup-insert: files: at most 9999, got " + files);
            }
            if (db.dialect() == SqlDialect.FIREBIRD && files > 1
                    && p.getSize(FILE_SIZE) < FirebirdFilegroup.MIN_FILE_PAGES * FirebirdFilegroup.PAGE_SIZE) {
                throw new BadInputException("filegroup-insert on firebird: file-size must be at least 2MiB (256 "
                        + "pages of 8 KiB: the primary file's system pages come first) when files > 1, got "
                        + Values.formatSize(p.getSize(FILE_SIZE)));
            }
            if (db.dialect() == SqlDialect.H2 && files != 1) {
                throw new BadInputException("filegroup-insert on h2: files must be 1, got " + files
                        + ": an H2 database is one file and cannot be spread over several (use a postgres target "
                        + "for a table over N tablespaces)");
            }
        }
        if (db.dialect() == SqlDialect.POSTGRESQL) {
            PostgresFilegroup.checkRoot(db);
            PostgresRole.requireSuperuser(db, name(), "CREATE TABLESPACE");
        }
        if (db.dialect() == SqlDialect.FIREBIRD) {
            FirebirdServer.checkDatabaseRoot(db, name());
        }
    }

    @Override
    public List<Step> steps(TrialContext trial) {
        DatabaseTarget db = (DatabaseTarget) trial.target();
        Params p = trial.params();
        String name = p.getText(NAME);
        TrialStorage storage = switch ((SqlDialect) db.dialect()) {
            case POSTGRESQL -> new PostgresFilegroup(db, name, p.getInt(FILES));
            case SQLSERVER -> new SqlServerFilegroup(db, name, SqlServerFilegroup.plan(p, db.fileRoot()));
            case FIREBIRD -> new FirebirdFilegroup(db, name, p.getInt(FILES), p.getSize(FILE_SIZE));
            default -> new H2Filegroup(db, name);
        };
        DatabaseInsertTrial insert = new DatabaseInsertTrial(storage, insertUrl(db, name), insertSql(db, name),
                p.getInt(ROWS), trial, p.getDuration(SAMPLE_INTERVAL),
                kind == TargetKind.SQLSERVER ? IoSampling.of(p)::metrics : DatabaseInsertTrial::counted);
        Step measured = Step.measured("insert", insert::insert);
        return List.of(
                Step.setup("create-storage", insert::setup),
                measured.then(done -> insert.report()),
                Step.cleanup("drop-storage", insert::cleanup));
    }
}
