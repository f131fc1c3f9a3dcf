package storagebench.workload.oltp;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import storagebench.BadInputException;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.Target;
import storagebench.workload.Param;
import storagebench.workload.ParamException;
import storagebench.workload.Params;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;
import storagebench.workload.Workload;

/**
 * An OLTP load on a database (seeds 003 and 004): TPC-C's mix over its nine tables or pgbench's TPC-B-like
 * transaction, run by virtual users, each a thread with a connection of its own, in a database of the
 * workload's own. Steps: {@code schema}, {@code connect} and {@code rampup} (set-up, untimed), {@code run}
 * (measured: the duration after the ramp-up), {@code disconnect} (clean-up). What each kind of database
 * does differently is its {@link OltpKind}.
 */
public final class DatabaseOltp implements Workload {
    static final String FOLDER = "workloads/oltp";

    private final OltpKind kind;
    private final TpccScale scale;

    DatabaseOltp(OltpKind kind) {
        this(kind, TpccScale.STANDARD);
    }

    /** With tpcc's tables at {@code scale}: smaller than the standard's in tests only. */
    DatabaseOltp(OltpKind kind, TpccScale scale) {
        this.kind = kind;
        this.scale = scale;
    }

    @Override
    public String name() {
        return "oltp";
    }

    @Override
    public String description() {
        return "TPC-C's mix or pgbench's TPC-B-like transaction by V virtual users for D, throughput "
                + "and latency sampled (seeds 003, 004)";
    }

    @Override
    public List<Param> params() {
        List<Param> params = new ArrayList<>(OltpParams.shared());
        params.addAll(kind.params());
        return params;
    }

    @Override
    public void check(Params variant) {
        OltpSettings.of(variant).check();
    }

    @Override
    public void preflight(Target target, List<Params> variants) {
        ParamException.checkAll(this, variants);
        DatabaseTarget db = (DatabaseTarget) target;
        for (Params p : variants) {
            try {
                db.dialect().identifier(p.getText(OltpParams.DATABASE));
            } catch (IllegalArgumentException e) {
                throw new BadInputException("oltp: database: " + e.getMessage());
            }
        }
        kind.preflight(db, variants, name());
    }

    /** Drops the workload's database that {@code params} name, when a tool kept it (schema: keep). */
    public void dropDatabase(DatabaseTarget target, Params params) throws SQLException {
        kind.database(target, params.getText(OltpParams.DATABASE), params).drop();
    }

    @Override
    public List<Step> steps(TrialContext trial) {
        DatabaseTarget target = (DatabaseTarget) trial.target();
        Params p = trial.params();
        OltpSettings settings = OltpSettings.of(p);
        OltpDatabase database = kind.database(target, settings.database(), p);
        OltpRun run =
                new OltpRun(
                        trial,
                        settings,
                        database,
                        Mix.of(settings, scale),
                        kind,
                        kind.sampleMetrics(p));
        return List.of(
                Step.setup("schema", run::schema),
                Step.setup("connect", run::connect),
                Step.setup("rampup", run::rampup),
                Step.measured(OltpRun.STEP, run::run).then(run::after),
                Step.cleanup("disconnect", run::cleanup));
    }
}
