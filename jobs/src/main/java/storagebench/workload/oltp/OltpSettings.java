package storagebench.workload.oltp;

import java.time.Duration;
import java.util.List;
import storagebench.workload.ParamException;
import storagebench.workload.Params;
import storagebench.workload.SteadyState;

/**
 * One variant's oltp parameters, typed.
 *
 * @param mix tpcc or tpcb
 * @param units warehouses (tpcc) or scale (tpcb)
 * @param virtualUsers threads, a connection each
 * @param rampup how long they run before the measured step
 * @param duration the measured step
 * @param sampleInterval how often throughput and IO are sampled; zero: once for the whole step
 * @param keyingThinking whether the specification's keying and thinking times are waited
 * @param allWarehouses whether each transaction picks a warehouse at random
 * @param schema when the schema is built and dropped
 * @param database the workload's own database
 * @param loadThreads connections that load side by side; 0: one per core
 * @param seed the seed of the data and inputs
 * @param steadyState when the ramp-up ends, or null: after {@code rampup}
 */
record OltpSettings(
        String mix,
        int units,
        int virtualUsers,
        Duration rampup,
        Duration duration,
        Duration sampleInterval,
        boolean keyingThinking,
        boolean allWarehouses,
        SchemaMode schema,
        String database,
        int loadThreads,
        int seed,
        SteadyState steadyState) {

    static OltpSettings of(Params p) {
        String mix = p.getText(OltpParams.MIX).strip();
        return new OltpSettings(
                mix,
                p.getInt(mix.equals(TpcbMix.NAME) ? OltpParams.SCALE : OltpParams.WAREHOUSES),
                p.getInt(OltpParams.VIRTUAL_USERS),
                p.getDuration(OltpParams.RAMPUP),
                p.getDuration(OltpParams.DURATION),
                p.getDuration(OltpParams.SAMPLE_INTERVAL),
                p.getBoolean(OltpParams.KEYING_THINKING),
                p.getBoolean(OltpParams.ALL_WAREHOUSES),
                SchemaMode.of(p.getText(OltpParams.SCHEMA)),
                p.getText(OltpParams.DATABASE),
                p.getInt(OltpParams.LOAD_THREADS),
                p.getInt(OltpParams.SEED),
                SteadyState.parse(p.getText(SteadyState.PARAM), List.of("tpm")));
    }

    /** Refuses values that do not go together, naming the parameter to blame. */
    void check() {
        if (duration.isZero() || duration.isNegative()) {
            throw new ParamException(
                    OltpParams.DURATION, "the measured step needs a duration above 0s");
        }
        if (!sampleInterval.isZero() && sampleInterval.compareTo(Duration.ofMillis(100)) < 0) {
            throw new ParamException(
                    OltpParams.SAMPLE_INTERVAL,
                    "at least 100ms (or 0s for one sample of the whole step), got "
                            + sampleInterval.toMillis()
                            + "ms");
        }
        if (!mix.equals(TpccMix.NAME) && keyingThinking) {
            throw new ParamException(
                    OltpParams.KEYING_THINKING,
                    "keying and thinking times are TPC-C's: mix "
                            + mix
                            + " has none (set mix: tpcc or keying-thinking: false)");
        }
        if (!mix.equals(TpccMix.NAME) && allWarehouses) {
            throw new ParamException(
                    OltpParams.ALL_WAREHOUSES,
                    "mix " + mix + " has no warehouses (set mix: tpcc or all-warehouses: false)");
        }
    }

    /** Connections that load side by side: as asked, or one per core; never more than the load's parts. */
    int loadThreads(int parts) {
        int wanted = loadThreads > 0 ? loadThreads : Runtime.getRuntime().availableProcessors();
        return Math.max(1, Math.min(wanted, parts));
    }
}
