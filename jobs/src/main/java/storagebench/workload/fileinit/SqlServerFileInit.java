package storagebench.workload.fileinit;

import java.util.ArrayList;
import java.util.List;
import storagebench.config.Values;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.ServerPath;
import storagebench.dbms.Target;
import storagebench.workload.Param;
import storagebench.workload.ParamType;
import storagebench.workload.Params;
import storagebench.workload.Phase;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;
import storagebench.workload.Workload;
import storagebench.workload.dbfiles.SqlServerChecks;
import storagebench.workload.dbfiles.SqlServerDatabase;
import storagebench.workload.dbfiles.TsqlPlan;
import storagebench.workload.sampling.IoSampling;

/**
 * Seed 000 on SQL Server: the measured step is {@code CREATE DATABASE} with N data files of size S (and a
 * log of its own size) under the target's file-root; with {@code grow-to}, creating it is untimed set-up
 * and the measured step grows every data file with {@code ALTER DATABASE … MODIFY FILE}. Whether data
 * files are zeroed depends on Instant File Initialization, a privilege of the service account that SQL
 * cannot switch: set-up reads it into the metric {@code ifi_enabled} (1/0; absent, with
 * {@code ifi_known} 0, before SQL Server 2016 SP1) and {@code expect-ifi} fails a trial on a server in the
 * other state. Log files are always zeroed. Set-up drops a leftover of the same name, clean-up the database.
 */
final class SqlServerFileInit implements Workload {
    static final String FILES = "files";
    static final String FILE_SIZE = "file-size";
    static final String LOG_SIZE = "log-size";
    static final String GROW_TO = "grow-to";
    static final String EXPECT_IFI = "expect-ifi";
    static final String NAME = "name";

    @Override
    public String name() {
        return "file-init";
    }

    @Override
    public String description() {
        return "CREATE DATABASE with N data files of size S (or grow them to G), IFI state recorded (seed 000)";
    }

    /** The parameters of its own, before those it shares. */
    private static final List<Param> OWN_PARAMS =
            List.of(
                    Param.optional(
                                    FILES,
                                    ParamType.INT,
                                    "4",
                                    "data files of the database (the first is the primary "
                                            + ".mdf), at most 32766")
                            .atLeast(1),
                    Param.required(
                                    FILE_SIZE,
                                    ParamType.SIZE,
                                    "size of each data file, whole KB, at least 8MB (the "
                                            + "primary file holds a copy of model), at most 16TB")
                            .atLeast(1),
                    Param.optional(
                                    LOG_SIZE,
                                    ParamType.SIZE,
                                    "8MB",
                                    "size of the log file (always zeroed), at most 2TB")
                            .atLeast(1),
                    Param.optional(
                            GROW_TO,
                            ParamType.SIZE,
                            "0",
                            "when set, the database is created untimed and the "
                                    + "measured step grows each data file to this size; 0: no grow step"),
                    Param.choice(
                            EXPECT_IFI,
                            List.of("any", "on", "off"),
                            "any",
                            "Instant File Initialization state "
                                    + "the server must have, else the trial fails: IFI is the service account's privilege, not "
                                    + "an SQL setting; any: record it only"),
                    Param.optional(
                            NAME,
                            ParamType.TEXT,
                            "sb_file_init",
                            "the database's name (and its files' prefix): "
                                    + "letters, digits, '_'"));

    @Override
    public List<Param> params() {
        return Param.concat(OWN_PARAMS, IoSampling.params());
    }

    @Override
    public void preflight(Target target, List<Params> variants) {
        SqlServerChecks.preflight(target, variants, name(), SqlServerFileInit::problem);
    }

    /** Why these parameters cannot run, with the key, or null. */
    static String problem(Params p, ServerPath root) {
        String names = SqlServerChecks.names(NAME, p, root, p.getText(NAME));
        if (names != null) {
            return names;
        }
        int files = p.getInt(FILES);
        if (files > SqlServerDatabase.MAX_FILES - 1) {
            return FILES
                    + ": "
                    + files
                    + " data files and a log are more than SQL Server's "
                    + SqlServerDatabase.MAX_FILES
                    + " files per database";
        }
        long size = p.getSize(FILE_SIZE);
        long growTo = p.getSize(GROW_TO);
        String problem = SqlServerDatabase.sizeProblem(FILE_SIZE, size, false);
        if (problem == null && size < 8L << 20) {
            problem =
                    FILE_SIZE
                            + ": "
                            + Values.formatSize(size)
                            + " is below 8MB: the primary file holds a copy of "
                            + "model (8 MB since SQL Server 2016)";
        }
        if (problem == null) {
            problem = SqlServerDatabase.sizeProblem(LOG_SIZE, p.getSize(LOG_SIZE), true);
        }
        if (problem == null && growTo != 0) {
            problem =
                    growTo <= size
                            ? GROW_TO
                                    + " ("
                                    + Values.formatSize(growTo)
                                    + ") must be larger than "
                                    + FILE_SIZE
                                    + " ("
                                    + Values.formatSize(size)
                                    + ")"
                            : SqlServerDatabase.sizeProblem(GROW_TO, growTo, false);
        }
        return problem;
    }

    /** The T-SQL of one trial, by step. */
    static TsqlPlan plan(Params p, ServerPath root) {
        SqlServerDatabase db = new SqlServerDatabase(p.getText(NAME), root);
        int files = p.getInt(FILES);
        long growTo = p.getSize(GROW_TO);
        List<String> prepare = new ArrayList<>(db.drop());
        prepare.add(SqlServerDatabase.ifiQuery());
        String create = db.create(files, p.getSize(FILE_SIZE), p.getSize(LOG_SIZE), 0);
        TsqlPlan plan = new TsqlPlan().add("prepare", Phase.SETUP, prepare);
        if (growTo == 0) {
            plan.add("create", Phase.MEASURED, List.of(create));
        } else {
            List<String> grow = new ArrayList<>();
            for (int i = 1; i <= files; i++) {
                grow.add(db.grow(i, growTo));
            }
            plan.add("create", Phase.SETUP, List.of(create)).add("grow", Phase.MEASURED, grow);
        }
        return plan.add("drop", Phase.CLEANUP, db.drop());
    }

    @Override
    public List<Step> steps(TrialContext trial) {
        Params p = trial.params();
        DatabaseTarget db = (DatabaseTarget) trial.target();
        TsqlPlan plan = plan(p, db.fileRoot());
        long size = p.getSize(FILE_SIZE);
        long growTo = p.getSize(GROW_TO);
        int files = p.getInt(FILES);
        SqlServerFileInitTrial run =
                new SqlServerFileInitTrial(
                        db,
                        trial,
                        p.getText(NAME),
                        plan,
                        p.getText(EXPECT_IFI),
                        IoSampling.of(p),
                        growTo == 0 ? "create" : "grow");
        List<Step> steps = new ArrayList<>();
        steps.add(Step.setup("prepare", run::prepare));
        if (growTo == 0) {
            steps.add(
                    Step.measured(
                            "create", () -> run.measure("create", (long) files * size, files)));
        } else {
            steps.add(Step.setup("create", () -> run.execute("create", Phase.SETUP)));
            steps.add(
                    Step.measured(
                            "grow",
                            () -> run.measure("grow", (long) files * (growTo - size), files)));
        }
        steps.add(Step.cleanup("drop", run::drop));
        return steps;
    }
}
