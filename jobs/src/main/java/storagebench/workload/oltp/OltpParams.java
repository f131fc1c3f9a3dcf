package storagebench.workload.oltp;

import java.util.List;
import storagebench.workload.Param;
import storagebench.workload.ParamType;
import storagebench.workload.SteadyState;

/** The parameters oltp has on every kind of database, each with its default and one line of doc. */
final class OltpParams {
    static final String MIX = "mix";
    static final String WAREHOUSES = "warehouses";
    static final String SCALE = "scale";
    static final String VIRTUAL_USERS = "virtual-users";
    static final String RAMPUP = "rampup";
    static final String DURATION = "duration";
    static final String SAMPLE_INTERVAL = "sample-interval";
    static final String KEYING_THINKING = "keying-thinking";
    static final String ALL_WAREHOUSES = "all-warehouses";
    static final String SCHEMA = "schema";
    static final String DATABASE = "database";
    static final String LOAD_THREADS = "load-threads";
    static final String SEED = "seed";

    /** More would be more threads and connections than any server here allows. */
    static final int MAX_VIRTUAL_USERS = 10_000;

    private OltpParams() {}

    static List<Param> shared() {
        return List.of(
                Param.choice(
                        MIX,
                        Mix.names(),
                        "tpcc",
                        "tpcc: TPC-C's nine tables and five transactions (45/43/4/4/4); tpcb: pgbench's "
                                + "TPC-B-like transaction on pgbench's tables"),
                Param.optional(
                                WAREHOUSES,
                                ParamType.INT,
                                "1",
                                "tpcc: warehouses the tables are scaled by (about 100 MB each)")
                        .atLeast(1)
                        .atMost(100_000),
                Param.optional(
                                SCALE,
                                ParamType.INT,
                                "1",
                                "tpcb: pgbench's scale (100,000 accounts, 10 tellers, 1 branch each)")
                        .atLeast(1)
                        .atMost(20_000),
                Param.optional(
                                VIRTUAL_USERS,
                                ParamType.INT,
                                "1",
                                "virtual users: a thread each, with its own connection")
                        .atLeast(1)
                        .atMost(MAX_VIRTUAL_USERS),
                Param.optional(
                        RAMPUP,
                        ParamType.DURATION,
                        "10s",
                        "how long the virtual users run before the measured step (untimed, not counted)"),
                Param.optional(
                        DURATION,
                        ParamType.DURATION,
                        "1m",
                        "the measured step: how long the virtual users run after the ramp-up"),
                Param.optional(
                        SteadyState.PARAM,
                        ParamType.SETTINGS,
                        SteadyState.OFF,
                        "end the ramp-up once throughput is steady instead of after rampup:"
                                + " {metric: tpm, window: 10s, max-slope: 2%, max-ramp: 5m}"
                                + " (max-ramp defaults to rampup); none: ramp for rampup"),
                Param.optional(
                        SAMPLE_INTERVAL,
                        ParamType.DURATION,
                        "1s",
                        "how often throughput and the server's IO counters are sampled during the "
                                + "measured step; 0s: one throughput sample for the whole step, no IO samples"),
                Param.optional(
                        KEYING_THINKING,
                        ParamType.BOOLEAN,
                        "false",
                        "tpcc: wait the specification's keying time before and thinking time after each "
                                + "transaction (false: none, as HammerDB by default)"),
                Param.optional(
                        ALL_WAREHOUSES,
                        ParamType.BOOLEAN,
                        "false",
                        "tpcc: each transaction of a virtual user at a random warehouse (false: each "
                                + "virtual user at its own home warehouse)"),
                Param.choice(
                        SCHEMA,
                        List.of("per-trial", "per-run", "keep"),
                        "per-trial",
                        "per-trial: build and load the schema in each trial's set-up, drop it after; "
                                + "per-run: build it once per run, the trials' changes kept; keep: reuse it "
                                + "across runs while its parameters' checksum matches"),
                Param.optional(
                        DATABASE,
                        ParamType.TEXT,
                        "sb_oltp",
                        "the workload's own database (letters, digits, '_'), made on the target's server"),
                Param.optional(
                                LOAD_THREADS,
                                ParamType.INT,
                                "0",
                                "connections that load the schema side by side; 0: one per CPU core")
                        .atLeast(0)
                        .atMost(256),
                Param.optional(
                                SEED,
                                ParamType.INT,
                                "1",
                                "the seed of the loaded data and of each virtual user's inputs")
                        .atLeast(0));
    }
}
