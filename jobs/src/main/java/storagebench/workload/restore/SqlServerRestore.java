package storagebench.workload.restore;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import storagebench.dbms.ServerPath;
import storagebench.dbms.SqlScript;
import storagebench.dbms.Target;
import storagebench.dbms.TargetKind;
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
 * Seed 004 on SQL Server: the measured step is {@code RESTORE DATABASE … FROM DISK … WITH MOVE …, STATS = n,
 * REPLACE}, every file of the backup moved under the target's file-root, its percent messages sub-steps
 * ({@link SqlServerRestoreProgress}) and sys.dm_io_virtual_file_stats of the restored database sampled meanwhile.
 * The backup is {@code backup} (a .bak on the server's host), or, without it, made at set-up (untimed): a
 * source database {@code <name>_src} with a table of {@code rows} rows and {@code indexes} indexes, backed up
 * to {@code <file-root>/<name>.bak}. Set-up drops leftovers; clean-up drops the restored database, and
 * the generated source and backup.
 */
final class SqlServerRestore implements Workload {
    static final String BACKUP = RestoreParams.BACKUP;
    static final String STATS = "stats";
    static final String NAME = RestoreParams.NAME;
    static final String ROWS = RestoreParams.ROWS;
    static final String INDEXES = RestoreParams.INDEXES;
    static final String FOLDER = "workloads/restore";
    private static final SqlScript SQL = TargetKind.SQLSERVER.dialect().script(FOLDER);

    /** A file of the backup, from RESTORE FILELISTONLY: its logical name and type (D, L, S, F). */
    record BackupFile(String logicalName, String type) {}

    @Override
    public String name() {
        return "restore";
    }

    @Override
    public String description() {
        return "RESTORE DATABASE … WITH STATS, timed, its percent messages as sub-steps (seed 004)";
    }

    @Override
    public List<Param> params() {
        List<Param> params =
                new ArrayList<>(
                        RestoreParams.common(
                                "a .bak on the server's host (absolute path), "
                                        + "made under file-root when generated",
                                "an id, one integer column per index and 200 bytes of " + "padding",
                                "nonclustered, each on its own column, at most 100",
                                "files <name>_data001.mdf … under " + "file-root"));
        params.add(
                Param.optional(
                                STATS,
                                ParamType.INT,
                                "10",
                                "WITH STATS = n: a progress message every n percent, "
                                        + "each a sub-step")
                        .atLeast(1));
        params.addAll(IoSampling.params());
        return params;
    }

    @Override
    public void preflight(Target target, List<Params> variants) {
        SqlServerChecks.preflight(target, variants, name(), SqlServerRestore::problem);
    }

    /** Why these parameters cannot run, with the key, or null. */
    static String problem(Params p, ServerPath root) {
        String name = p.getText(NAME);
        String names = SqlServerChecks.names(NAME, p, root, name, name + "_src");
        if (names != null) {
            return names;
        }
        if (!p.getText(BACKUP).isBlank()) {
            try {
                ServerPath.parse(p.getText(BACKUP));
            } catch (IllegalArgumentException e) {
                return BACKUP + ": " + e.getMessage();
            }
        }
        if (p.getInt(STATS) > 100) {
            return STATS + ": a percent step, 1 to 100, got " + p.getInt(STATS);
        }
        if (p.getInt(INDEXES) > 100) {
            return INDEXES + ": at most 100, got " + p.getInt(INDEXES);
        }
        return null;
    }

    /** The backup restored: the given one, or the generated one under file-root. */
    static ServerPath backup(Params p, ServerPath root) {
        String given = p.getText(BACKUP);
        return given.isBlank()
                ? ServerPath.parse(root.resolve(p.getText(NAME) + ".bak"))
                : ServerPath.parse(given);
    }

    /** Set-up: drop leftovers, make the source and its backup when none is given, read the backup's files. */
    static TsqlPlan setup(Params p, ServerPath root) {
        String name = p.getText(NAME);
        SqlServerDatabase restored = new SqlServerDatabase(name, root);
        SqlServerDatabase source = new SqlServerDatabase(name + "_src", root);
        List<String> sql = new ArrayList<>(restored.drop());
        sql.addAll(source.drop());
        ServerPath backup = backup(p, root);
        if (p.getText(BACKUP).isBlank()) {
            sql.add(source.create(1, 64L << 20, 64L << 20, 64L << 20, 64L << 20));
            sql.addAll(fill(source, name, p.getInt(ROWS), p.getInt(INDEXES)));
            sql.add(
                    SQL.sql(
                            "backup",
                            Map.of("database", source.quoted(), "path", backup.literal())));
        }
        sql.add(SQL.sql("file-list", Map.of("path", backup.literal())));
        return new TsqlPlan().add("prepare-backup", Phase.SETUP, sql);
    }

    private static List<String> fill(SqlServerDatabase source, String name, int rows, int indexes) {
        String table =
                source.quoted() + ".[dbo]." + TargetKind.SQLSERVER.dialect().identifier(name);
        List<String> columns = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (int i = 1; i <= Math.max(indexes, 1); i++) {
            String column = String.format("c%03d", i);
            names.add(column);
            columns.add(column + " INT NOT NULL");
            values.add("ABS(CHECKSUM(NEWID()))");
        }
        List<String> sql = new ArrayList<>();
        sql.add(
                SQL.sql(
                        "create-table",
                        Map.of("table", table, "columns", String.join(",\n    ", columns))));
        sql.add(
                SQL.sql(
                        "fill",
                        Map.of(
                                "table",
                                table,
                                "column-names",
                                String.join(", ", names),
                                "rows",
                                String.valueOf(rows),
                                "values",
                                String.join(", ", values))));
        for (int i = 1; i <= indexes; i++) {
            sql.add(
                    SQL.sql(
                            "create-index",
                            Map.of(
                                    "index",
                                    TargetKind.SQLSERVER
                                            .dialect()
                                            .identifier(String.format("ix_c%03d", i)),
                                    "table",
                                    table,
                                    "column",
                                    names.get(i - 1))));
        }
        return sql;
    }

    /** The measured step: the restore, every file of the backup moved under file-root. */
    static String restore(Params p, ServerPath root, List<BackupFile> files) {
        SqlServerDatabase restored = new SqlServerDatabase(p.getText(NAME), root);
        List<String> moves = new ArrayList<>();
        int data = 0;
        int logs = 0;
        for (BackupFile file : files) {
            String physical =
                    switch (file.type().strip()) {
                        case "D" -> restored.dataFile(++data) + (data == 1 ? ".mdf" : ".ndf");
                        case "L" ->
                                restored.logFile()
                                        + (++logs == 1 ? "" : String.valueOf(logs))
                                        + ".ldf";
                        default ->
                                throw new IllegalArgumentException(
                                        "the backup has file '"
                                                + file.logicalName()
                                                + "' of type "
                                                + file.type()
                                                + " (FILESTREAM or full-text): this workload restores data "
                                                + "and log files only");
                    };
            moves.add(
                    SQL.sql(
                            "move",
                            Map.of(
                                    "logical",
                                    SqlServerDatabase.literal(file.logicalName()),
                                    "path",
                                    root.literal(physical))));
        }
        if (data == 0) {
            throw new IllegalArgumentException(
                    "the backup lists no data file (RESTORE FILELISTONLY)");
        }
        return SQL.sql(
                "restore",
                Map.of(
                        "database",
                        restored.quoted(),
                        "path",
                        backup(p, root).literal(),
                        "moves",
                        String.join(",\n    ", moves),
                        "stats",
                        String.valueOf(p.getInt(STATS))));
    }

    /** Clean-up: the restored database, and a generated backup's source database and file. */
    static TsqlPlan cleanup(Params p, ServerPath root) {
        String name = p.getText(NAME);
        List<String> sql = new ArrayList<>(new SqlServerDatabase(name, root).drop());
        if (p.getText(BACKUP).isBlank()) {
            sql.addAll(new SqlServerDatabase(name + "_src", root).drop());
            sql.add(SQL.sql("delete-backup", Map.of("path", backup(p, root).literal())));
        }
        return new TsqlPlan().add("drop", Phase.CLEANUP, sql);
    }

    /** The whole trial's T-SQL for a backup listing {@code files}: set-up, restore, clean-up. */
    static TsqlPlan plan(Params p, ServerPath root, List<BackupFile> files) {
        TsqlPlan plan = new TsqlPlan();
        setup(p, root)
                .parts()
                .forEach(part -> plan.add(part.step(), part.phase(), part.statements()));
        plan.add("restore", Phase.MEASURED, List.of(restore(p, root, files)));
        cleanup(p, root)
                .parts()
                .forEach(part -> plan.add(part.step(), part.phase(), part.statements()));
        return plan;
    }

    @Override
    public List<Step> steps(TrialContext trial) {
        SqlServerRestoreTrial run = new SqlServerRestoreTrial(trial, IoSampling.of(trial.params()));
        return List.of(
                Step.setup("prepare-backup", run::prepare),
                Step.measured("restore", run::restore).then(run::progress),
                Step.cleanup("drop", run::drop));
    }
}
