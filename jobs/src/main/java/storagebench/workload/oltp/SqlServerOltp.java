package storagebench.workload.oltp;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.ServerPath;
import storagebench.dbms.SqlScript;
import storagebench.dbms.TargetKind;
import storagebench.events.IoSample;
import storagebench.workload.Param;
import storagebench.workload.ParamType;
import storagebench.workload.Params;
import storagebench.workload.Phase;
import storagebench.workload.dbfiles.SqlServerChecks;
import storagebench.workload.dbfiles.SqlServerDatabase;
import storagebench.workload.dbfiles.Tsql;
import storagebench.workload.dbfiles.TsqlPlan;
import storagebench.workload.sampling.IoSampling;

/**
 * oltp on SQL Server (seed 003): a database of its own under file-root with one data file of
 * {@code file-size} (the size that picked the seed's IOPS tier) and a log of {@code log-size}, both growing
 * by 64 MB when full, in SIMPLE recovery; the statements run with it as the connection's catalog.
 * sys.dm_io_virtual_file_stats is sampled per file, and the measured step gets the throttling verdict
 * ({@link IoSampling}). Deadlock victims (1205) and lock timeouts (1222) are retried.
 */
final class SqlServerOltp implements OltpKind {
    static final String FILE_SIZE = "file-size";
    static final String LOG_SIZE = "log-size";
    static final long GROWTH = 64L << 20;

    @Override
    public List<Param> params() {
        List<Param> params = new ArrayList<>();
        params.add(
                Param.optional(
                                FILE_SIZE,
                                ParamType.SIZE,
                                "1GB",
                                "size of the database's data file at creation (grows by 64MB when full), at most 16TB")
                        .atLeast(1));
        params.add(
                Param.optional(
                                LOG_SIZE,
                                ParamType.SIZE,
                                "1GB",
                                "size of its log (SIMPLE recovery; grows by 64MB when full), at most 2TB")
                        .atLeast(1));
        IoSampling.params().stream()
                .filter(p -> !p.name().equals(OltpParams.SAMPLE_INTERVAL))
                .forEach(params::add);
        return params;
    }

    @Override
    public void preflight(DatabaseTarget target, List<Params> variants, String workload) {
        SqlServerChecks.preflight(target, variants, workload, SqlServerOltp::problem);
    }

    /** Why these parameters cannot run, with the key, or null. */
    static String problem(Params p, ServerPath root) {
        String names =
                SqlServerChecks.names(OltpParams.DATABASE, p, root, p.getText(OltpParams.DATABASE));
        if (names != null) {
            return names;
        }
        String problem = SqlServerDatabase.sizeProblem(FILE_SIZE, p.getSize(FILE_SIZE), false);
        return problem != null
                ? problem
                : SqlServerDatabase.sizeProblem(LOG_SIZE, p.getSize(LOG_SIZE), true);
    }

    @Override
    public OltpDatabase database(DatabaseTarget target, String name, Params params) {
        return new MsDatabase(target, name, plan(params, target.fileRoot(), null));
    }

    @Override
    public Retryable retryable() {
        return new Retryable(Set.of(), Set.of(1205, 1222));
    }

    @Override
    public Function<List<IoSample>, Map<String, Double>> sampleMetrics(Params params) {
        return IoSampling.of(params)::metrics;
    }

    /**
     * The T-SQL of one trial by step: the database made and dropped and, given a mix, the mix's statements
     * as the trial runs them (tables, load, indexes, the marker, the transactions, the consistency checks).
     */
    static TsqlPlan plan(Params p, ServerPath root, Mix mix) {
        SqlServerDatabase db = new SqlServerDatabase(p.getText(OltpParams.DATABASE), root);
        List<String> create = new ArrayList<>(db.drop());
        create.add(db.create(1, p.getSize(FILE_SIZE), GROWTH, p.getSize(LOG_SIZE), GROWTH));
        create.add(db.simpleRecovery());
        TsqlPlan plan = new TsqlPlan().add("create-database", Phase.SETUP, create);
        if (mix != null) {
            SqlScript sql = TargetKind.SQLSERVER.dialect().script(mix.folder());
            SqlScript marker = TargetKind.SQLSERVER.dialect().script(DatabaseOltp.FOLDER);
            plan.add("create-tables", Phase.SETUP, named(sql, "create-"))
                    .add("load", Phase.SETUP, named(sql, "load-"))
                    .add("create-indexes", Phase.SETUP, named(sql, "index-", "analyze-"))
                    .add(
                            "mark-schema",
                            Phase.SETUP,
                            named(marker, "create-marker", "write-marker", "count-trial"))
                    .add("run", Phase.MEASURED, transactions(sql))
                    .add("check-consistency", Phase.MEASURED, named(sql, "consistency-"));
        }
        return plan.add("drop-database", Phase.CLEANUP, db.drop());
    }

    private static List<String> named(SqlScript sql, String... prefixes) {
        List<String> statements = new ArrayList<>();
        for (String name : sql.statements().keySet()) {
            for (String prefix : prefixes) {
                if (name.startsWith(prefix)) {
                    statements.add(sql.sql(name));
                    break;
                }
            }
        }
        return statements;
    }

    private static List<String> transactions(SqlScript sql) {
        List<String> statements = new ArrayList<>();
        for (String name : sql.statements().keySet()) {
            if (!name.matches("(create|load|index|analyze|consistency)-.*")) {
                statements.add(sql.sql(name));
            }
        }
        return statements;
    }

    private record MsDatabase(DatabaseTarget target, String name, TsqlPlan plan)
            implements OltpDatabase {

        @Override
        public String url() {
            return target.url();
        }

        @Override
        public Connection connect() throws SQLException {
            Connection c = target.connect();
            try {
                c.setAutoCommit(true);
                c.setCatalog(name);
                return c;
            } catch (SQLException | RuntimeException e) {
                c.close();
                throw e;
            }
        }

        @Override
        public void create() throws SQLException {
            Tsql.run(target, plan.statements("create-database", Phase.SETUP));
        }

        @Override
        public void drop() throws SQLException {
            Tsql.run(target, plan.statements("drop-database", Phase.CLEANUP));
        }

        @Override
        public String samplerParameter(Mix mix) {
            return name;
        }
    }
}
