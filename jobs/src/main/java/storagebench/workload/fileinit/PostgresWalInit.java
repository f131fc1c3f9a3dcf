package storagebench.workload.fileinit;

import java.util.List;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.Target;
import storagebench.workload.Param;
import storagebench.workload.ParamType;
import storagebench.workload.Params;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;
import storagebench.workload.Workload;

/**
 * Seed 000 on PostgreSQL: creating WAL segments with zeroing ({@code init: zero}, wal_init_zero on) or
 * without ({@code init: instant}, off), wal_recycle off so every segment is new. The measured step
 * commits enough WAL to fill {@code segments} segments; set-up sets the server (ALTER SYSTEM, reload,
 * checked on a fresh session, checkpoint), clean-up restores it.
 */
final class PostgresWalInit implements Workload {
    static final String INIT = "init";
    static final String SEGMENTS = "segments";
    static final String MESSAGE_SIZE = "message-size";
    static final String SAMPLE_INTERVAL = "sample-interval";

    @Override
    public String name() {
        return "file-init";
    }

    @Override
    public String description() {
        return "fill N new WAL segments with wal_init_zero on (zero) or off (instant), wal_recycle off (seed 000)";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.choice(
                        INIT,
                        List.of("zero", "instant"),
                        null,
                        "zero: wal_init_zero on (new segments written full of zeros); instant: off"),
                Param.optional(
                                SEGMENTS,
                                ParamType.INT,
                                "8",
                                "WAL segments of WAL written per trial")
                        .atLeast(1),
                Param.optional(
                                MESSAGE_SIZE,
                                ParamType.SIZE,
                                "1MiB",
                                "WAL written per commit (one logical "
                                        + "message each), at most 64MiB")
                        .atLeast(1024)
                        .atMost(64L << 20),
                Param.optional(
                        SAMPLE_INTERVAL,
                        ParamType.DURATION,
                        "1s",
                        "how often the server's IO counters (WAL "
                                + "written and its write and sync time, buffers written) are sampled into IoSamples while "
                                + "the WAL is written (second connection); 0s: never"));
    }

    @Override
    public void preflight(Target target, List<Params> variants) {
        target.kind()
                .database()
                .requireAdminRights(
                        (DatabaseTarget) target,
                        name(),
                        "ALTER SYSTEM SET wal_init_zero, " + "wal_recycle");
    }

    @Override
    public List<Step> steps(TrialContext trial) {
        Params p = trial.params();
        WalInitTrial wal =
                new WalInitTrial(
                        (DatabaseTarget) trial.target(),
                        p.getText(INIT).equals("zero"),
                        p.getInt(SEGMENTS),
                        Math.toIntExact(p.getSize(MESSAGE_SIZE)),
                        p.getDuration(SAMPLE_INTERVAL),
                        trial);
        return List.of(
                Step.setup("set-server", wal::setup),
                Step.measured("write-wal", wal::write).then(measured -> wal.samples()),
                Step.cleanup("restore-server", wal::cleanup));
    }
}
