package storagebench.workload.filegroup;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import storagebench.BadInputException;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.SqlScript;
import storagebench.dbms.Target;
import storagebench.dbms.TargetKind;
import storagebench.workload.Param;
import storagebench.workload.ParamType;
import storagebench.workload.Params;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;
import storagebench.workload.Workload;

/**
 * Seed 001 on a database target: R single-row inserts of a CHAR(8000) row, each its own commit, into a
 * table spread over N files. What each kind does differently is its {@link FilegroupKind}: PostgreSQL, a
 * table hash-partitioned over N partitions, each in its own tablespace under the target's
 * tablespace-root; Firebird, a database of N files of file-size under the target's database-root; H2, a
 * fresh database file (N = 1); SQL Server, the seed's own script, a database with a filegroup of N files
 * under the target's file-root. Set-up creates the storage (dropping what an interrupted trial left),
 * clean-up drops it, also after a failure.
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

    private final FilegroupKind kind;

    DatabaseFilegroupInsert(FilegroupKind kind) {
        this.kind = kind;
    }

    /** The workload on targets of {@code kind}, as the registry has it. */
    public static DatabaseFilegroupInsert on(TargetKind kind) {
        if (new FilegroupInsertWorkload().on(kind) instanceof DatabaseFilegroupInsert insert) {
            return insert;
        }
        throw new IllegalArgumentException(
                "filegroup-insert on " + kind.yamlName() + " is not a database workload");
    }

    /** The database the inserts go to: the target's, or the trial's own database. */
    public String insertUrl(DatabaseTarget target, String name) {
        return kind.insertUrl(target, name);
    }

    /** The value each insert binds: the seed's, or one that does not compress (Firebird). */
    public String rowText() {
        return kind.rowText();
    }

    /** The insert statement of this workload on the table {@code name}. */
    public static String insertSql(DatabaseTarget target, String name) {
        return target.dialect()
                .script(FOLDER)
                .sql("insert", Map.of("table", target.dialect().identifier(name)));
    }

    /**
     * What the measured step runs after the rows to have them in the file (H2's CHECKPOINT), if anything,
     * so that a comparison does the same work. For comparisons.
     */
    public static Optional<String> closingSql(DatabaseTarget target) {
        SqlScript script = target.dialect().script(FOLDER);
        return script.has("checkpoint") ? Optional.of(script.sql("checkpoint")) : Optional.empty();
    }

    @Override
    public String name() {
        return "filegroup-insert";
    }

    @Override
    public String description() {
        return "insert R CHAR(8000) rows, one commit each, into a table over N files of a database (seed 001)";
    }

    /** The parameters of its own, before those it shares. */
    private static final List<Param> OWN_PARAMS =
            List.of(
                    Param.optional(
                                    FILES,
                                    ParamType.INT,
                                    "1",
                                    "files the table is spread over: PostgreSQL "
                                            + "tablespaces, each holding one hash partition; Firebird: the database's files; SQL Server: "
                                            + "files of the filegroup; H2: 1 only")
                            .atLeast(1),
                    Param.optional(ROWS, ParamType.INT, "100000", "rows inserted, one commit each")
                            .atLeast(1),
                    Param.optional(
                            NAME,
                            ParamType.TEXT,
                            "sb_filegroup",
                            "name of the table (and prefix of its "
                                    + "tablespaces, partitions or database file): letters, digits, '_'"),
                    Param.optional(
                            SAMPLE_INTERVAL,
                            ParamType.DURATION,
                            "1s",
                            "how often the server's IO counters "
                                    + "are sampled into IoSamples during the inserts (second connection); 0s: never"));

    @Override
    public List<Param> params() {
        return Param.concat(OWN_PARAMS, kind.params());
    }

    @Override
    public void preflight(Target target, List<Params> variants) {
        kind.preflight((DatabaseTarget) target, variants, name());
    }

    /** The checks every kind but SQL Server (which has its own) makes of a variant: name and files. */
    static void checkShared(DatabaseTarget target, Params p) {
        String name = p.getText(NAME);
        try {
            target.dialect().identifier(name);
            target.dialect().identifier(name + LONGEST_SUFFIX);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(
                    "filegroup-insert: name: "
                            + e.getMessage()
                            + " (with '"
                            + LONGEST_SUFFIX
                            + "' added for tablespaces)");
        }
        int files = p.getInt(FILES);
        if (files > 9999) {
            throw new BadInputException("filegroup-insert: files: at most 9999, got " + files);
        }
    }

    @Override
    public List<Step> steps(TrialContext trial) {
        DatabaseTarget db = (DatabaseTarget) trial.target();
        Params p = trial.params();
        String name = p.getText(NAME);
        DatabaseInsertTrial insert =
                new DatabaseInsertTrial(
                        kind.storage(db, name, p),
                        insertUrl(db, name),
                        insertSql(db, name),
                        p.getInt(ROWS),
                        trial,
                        p.getDuration(SAMPLE_INTERVAL),
                        kind.sampleMetrics(p));
        Step measured = Step.measured("insert", insert::insert);
        return List.of(
                Step.setup("create-storage", insert::setup),
                measured.then(done -> insert.report()),
                Step.cleanup("drop-storage", insert::cleanup));
    }
}
