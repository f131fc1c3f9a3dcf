package storagebench.workload.oltp;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import storagebench.BadInputException;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.SqlScript;
import storagebench.dbms.Target;
import storagebench.dbms.TargetUnavailableException;
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

    /** Connections besides the virtual users': the IO sampler's and one for set-up and checks. */
    static final int OTHER_CONNECTIONS = 2;

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
        int most =
                variants.stream().mapToInt(p -> p.getInt(OltpParams.VIRTUAL_USERS)).max().orElse(1);
        checkConnectionLimit(db, most);
    }

    /** Refuses more virtual users than the server lets this role connect, naming the setting. */
    private static void checkConnectionLimit(DatabaseTarget target, int virtualUsers) {
        SqlScript sql = target.dialect().script(FOLDER);
        if (!sql.has("connection-limit")) {
            return;
        }
        try (Connection c = target.connect();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql.sql("connection-limit"))) {
            rs.next();
            String setting = rs.getString(1);
            long limit = rs.getLong(2);
            long inUse = rs.getLong(3);
            long needed = (long) virtualUsers + OTHER_CONNECTIONS;
            if (needed > limit - inUse) {
                throw new BadInputException(
                        "oltp: virtual-users: "
                                + virtualUsers
                                + " virtual users need "
                                + needed
                                + " connections (one each, the IO sampler's and one for set-up), but the server's "
                                + setting
                                + " allows "
                                + limit
                                + " and other sessions hold "
                                + inUse
                                + "; lower virtual-users or raise "
                                + setting);
            }
        } catch (SQLException e) {
            throw new TargetUnavailableException(
                    "oltp: cannot read the connection limit of "
                            + target.location()
                            + ": "
                            + e.getMessage());
        }
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
