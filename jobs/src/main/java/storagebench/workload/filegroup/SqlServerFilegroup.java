package storagebench.workload.filegroup;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import storagebench.config.Values;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.ServerPath;
import storagebench.dbms.SqlScript;
import storagebench.dbms.TargetKind;
import storagebench.workload.Params;
import storagebench.workload.Phase;
import storagebench.workload.dbfiles.SqlServerChecks;
import storagebench.workload.dbfiles.SqlServerDatabase;
import storagebench.workload.dbfiles.Tsql;
import storagebench.workload.dbfiles.TsqlPlan;

/**
 * Seed 001's script on SQL Server: a database of its own (named {@code name}, a 16 MB primary file and a
 * log of log-size), SIMPLE recovery, a filegroup {@value #FILEGROUP} of N files of file-size under the
 * target's file-root made DEFAULT, the table in it. The inserts run with that database as the
 * connection's catalog; after them (untimed) the pages each file uses become metrics.
 */
final class SqlServerFilegroup implements TrialStorage {
    static final String FILEGROUP = "FG01";
    static final String FILE_SIZE = "file-size";
    static final String LOG_SIZE = "log-size";
    static final long PRIMARY_SIZE = 16L << 20;

    /** The log grows in these steps if a checkpoint lags behind the inserts. */
    static final long LOG_GROWTH = 64L << 20;

    private static final SqlScript SQL =
            TargetKind.SQLSERVER.dialect().script(DatabaseFilegroupInsert.FOLDER);
    private final DatabaseTarget target;
    private final String name;
    private final TsqlPlan plan;

    SqlServerFilegroup(DatabaseTarget target, String name, TsqlPlan plan) {
        this.target = target;
        this.name = name;
        this.plan = plan;
    }

    /** Why these parameters cannot run, with the key, or null. */
    static String problem(Params p, ServerPath root) {
        String names =
                SqlServerChecks.names(
                        DatabaseFilegroupInsert.NAME,
                        p,
                        root,
                        p.getText(DatabaseFilegroupInsert.NAME));
        if (names != null) {
            return names;
        }
        int files = p.getInt(DatabaseFilegroupInsert.FILES);
        if (files > SqlServerDatabase.MAX_FILES - 2) {
            return DatabaseFilegroupInsert.FILES
                    + ": "
                    + files
                    + " files, a primary file and a log are more than "
                    + "SQL Server's "
                    + SqlServerDatabase.MAX_FILES
                    + " files per database";
        }
        long size = p.getSize(FILE_SIZE);
        String problem = SqlServerDatabase.sizeProblem(FILE_SIZE, size, false);
        if (problem == null) {
            problem = SqlServerDatabase.sizeProblem(LOG_SIZE, p.getSize(LOG_SIZE), true);
        }
        // a file's first pages hold its headers and allocation maps; the table's IAM pages come on
        // top
        long pages = (long) files * (size / 8192 - 16);
        int rows = p.getInt(DatabaseFilegroupInsert.ROWS);
        if (problem == null && rows > pages) {
            problem =
                    DatabaseFilegroupInsert.ROWS
                            + ": "
                            + rows
                            + " rows (one 8 KB page each) do not fit in "
                            + files
                            + " files of "
                            + Values.formatSize(size)
                            + " (about "
                            + pages
                            + " pages); the files do not grow "
                            + "during the run, as in the seed: raise "
                            + FILE_SIZE
                            + " or lower "
                            + DatabaseFilegroupInsert.ROWS;
        }
        return problem;
    }

    /** The T-SQL of one trial, by step; the inserts are the insert statement, R times. */
    static TsqlPlan plan(Params p, ServerPath root) {
        String name = p.getText(DatabaseFilegroupInsert.NAME);
        SqlServerDatabase db = new SqlServerDatabase(name, root);
        List<String> create = new ArrayList<>(db.drop());
        create.add(db.create(1, PRIMARY_SIZE, p.getSize(LOG_SIZE), LOG_GROWTH));
        create.add(db.simpleRecovery());
        create.addAll(
                db.filegroup(
                        FILEGROUP, p.getInt(DatabaseFilegroupInsert.FILES), p.getSize(FILE_SIZE)));
        String table = TargetKind.SQLSERVER.dialect().identifier(name);
        return new TsqlPlan()
                .add("create-storage", Phase.SETUP, create)
                .add(
                        "create-table",
                        Phase.SETUP,
                        List.of(SQL.sql("create-table", Map.of("table", table))))
                .add("insert", Phase.MEASURED, List.of(SQL.sql("insert", Map.of("table", table))))
                .add(
                        "used-pages",
                        Phase.MEASURED,
                        List.of(SQL.sql("used-pages", Map.of("filegroup", FILEGROUP))))
                .add("drop-storage", Phase.CLEANUP, db.drop());
    }

    @Override
    public Connection create() throws SQLException {
        return TrialStorage.setUp(
                target.connect(),
                c -> {
                    c.setAutoCommit(true);
                    Tsql.run(c, plan.statements("create-storage", Phase.SETUP));
                    c.setCatalog(name);
                    Tsql.run(c, plan.statements("create-table", Phase.SETUP));
                });
    }

    /** The database: the IO sampler reads sys.dm_io_virtual_file_stats for it. */
    @Override
    public String relations() {
        return name;
    }

    /** Nothing to flush: each commit forced the log, the data pages are the checkpointer's business. */
    @Override
    public Map<String, Double> finish(Connection c) {
        return Map.of();
    }

    /** Pages used in each file of the filegroup ({@code pages_file_001} …), their sum, least and most. */
    @Override
    public Map<String, Double> report(Connection c) throws SQLException {
        Map<String, Double> figures = new LinkedHashMap<>();
        long total = 0;
        long min = Long.MAX_VALUE;
        long max = 0;
        int files = 0;
        try (Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery(plan.statements("used-pages", Phase.MEASURED).get(0))) {
            while (rs.next()) {
                long used = rs.getLong(2);
                files++;
                figures.put(String.format("pages_file_%03d", files), (double) used);
                total += used;
                min = Math.min(min, used);
                max = Math.max(max, used);
            }
        }
        figures.put("files", (double) files);
        figures.put("pages", (double) total);
        figures.put("file_pages_min", (double) (files == 0 ? 0 : min));
        figures.put("file_pages_max", (double) max);
        return figures;
    }

    @Override
    public void drop() throws SQLException {
        Tsql.run(target, plan.statements("drop-storage", Phase.CLEANUP));
    }
}
