package storagebench.workload.filegroup;

import java.util.List;
import storagebench.BadInputException;
import storagebench.experiment.Values;
import storagebench.target.DatabaseTarget;
import storagebench.target.FirebirdServer;
import storagebench.target.SqlDialect;
import storagebench.target.Target;
import storagebench.workload.Param;
import storagebench.workload.ParamType;
import storagebench.workload.Params;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;
import storagebench.workload.Workload;

/**
 * Seed 001 on a database target: R single-row inserts of a CHAR(8000) row, each its own commit, into a
 * table spread over N files. PostgreSQL: a table hash-partitioned over N partitions, each in its own
 * tablespace under the target's tablespace-root; Firebird: a database of N files of file-size under the
 * target's database-root; H2: a fresh database file (N = 1). Set-up creates the
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

    /** The database the inserts go to: the target's, or for H2 the trial's own file. */
    public static String insertUrl(DatabaseTarget target, String name) {
        return switch ((SqlDialect) target.dialect()) {
            case H2 -> H2Filegroup.trialUrl(target.url(), name);
            case FIREBIRD -> FirebirdFilegroup.trialUrl(target, name);
            default -> target.url();
        };
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
        return List.of(
                Param.optional(FILES, ParamType.INT, "1", "files the table is spread over: PostgreSQL "
                        + "tablespaces, each holding one hash partition; Firebird: the database's files; H2: 1 only")
                        .atLeast(1),
                Param.optional(ROWS, ParamType.INT, "100000", "rows inserted, one commit each").atLeast(1),
                Param.optional(NAME, ParamType.TEXT, "sb_filegroup", "name of the table (and prefix of its "
                        + "tablespaces, partitions or database file): letters, digits, '_'"),
                Param.optional(SAMPLE_INTERVAL, ParamType.DURATION, "1s", "how often the server's IO counters "
                        + "are sampled into IoSamples during the inserts (second connection); 0s: never"),
                Param.optional(FILE_SIZE, ParamType.SIZE, "0", "Firebird: the length of each database file "
                        + "(whole 8 KiB pages, at least 2MiB when files > 1; the last file grows as needed); "
                        + "0 for PostgreSQL and H2, whose files grow"));
    }

    @Override
    public void preflight(Target target, List<Params> variants) {
        DatabaseTarget db = (DatabaseTarget) target;
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
            long fileSize = p.getSize(FILE_SIZE);
            if (db.dialect() == SqlDialect.FIREBIRD && files > 1
                    && fileSize < FirebirdFilegroup.MIN_FILE_PAGES * FirebirdFilegroup.PAGE_SIZE) {
                throw new BadInputException("filegroup-insert on firebird: file-size must be at least 2MiB (256 "
                        + "pages of 8 KiB: the primary file's system pages come first) when files > 1, got "
                        + Values.formatSize(fileSize));
            }
            if (db.dialect() != SqlDialect.FIREBIRD && fileSize != 0) {
                throw new BadInputException("filegroup-insert on " + db.kind().yamlName() + ": file-size is for "
                        + "firebird targets only (its database files have a set length); leave it out");
            }
            if (db.dialect() == SqlDialect.H2 && files != 1) {
                throw new BadInputException("filegroup-insert on h2: files must be 1, got " + files
                        + ": an H2 database is one file and cannot be spread over several (use a postgres target "
                        + "for a table over N tablespaces)");
            }
        }
        if (db.dialect() == SqlDialect.POSTGRESQL) {
            PostgresFilegroup.checkRoot(db);
        }
        if (db.dialect() == SqlDialect.FIREBIRD) {
            FirebirdServer.checkDatabaseRoot(db, name());
        }
    }

    @Override
    public List<Step> steps(TrialContext trial) {
        DatabaseTarget db = (DatabaseTarget) trial.target();
        Params p = trial.params();
        TrialStorage storage = switch ((SqlDialect) db.dialect()) {
            case POSTGRESQL -> new PostgresFilegroup(db, p.getText(NAME), p.getInt(FILES));
            case FIREBIRD -> new FirebirdFilegroup(db, p.getText(NAME), p.getInt(FILES), p.getSize(FILE_SIZE));
            default -> new H2Filegroup(db, p.getText(NAME));
        };
        String name = p.getText(NAME);
        DatabaseInsertTrial insert = new DatabaseInsertTrial(storage, insertUrl(db, name), insertSql(db, name),
                p.getInt(ROWS), trial, p.getDuration(SAMPLE_INTERVAL));
        return List.of(
                Step.setup("create-storage", insert::setup),
                Step.measured("insert", insert::insert).then(measured -> insert.report()),
                Step.cleanup("drop-storage", insert::cleanup));
    }
}
