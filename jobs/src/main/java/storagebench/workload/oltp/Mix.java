package storagebench.workload.oltp;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A mix of transactions on a schema of its own: the tables, the load, what a virtual user runs and the
 * consistency checks after a trial. Its SQL is in {@code workloads/oltp/<name>/<product>.sql} over
 * {@code generic.sql}.
 */
sealed interface Mix permits TpccMix, TpcbMix {

    /** The mixes, as {@code mix:} names them. */
    static List<String> names() {
        return List.of(TpccMix.NAME, TpcbMix.NAME);
    }

    /** The variant's mix; tpcc's tables at {@code scale} (the standard's but in tests). */
    static Mix of(OltpSettings settings, TpccScale scale) {
        return switch (settings.mix()) {
            case TpccMix.NAME ->
                    new TpccMix(settings.units(), scale, settings.allWarehouses(), settings.seed());
            case TpcbMix.NAME -> new TpcbMix(settings.units());
            default -> throw new IllegalArgumentException("no mix " + settings.mix());
        };
    }

    String name();

    /** The folder of its SQL. */
    default String folder() {
        return "workloads/oltp/" + name();
    }

    /** Its transaction types, in the order of results. */
    List<TransactionType> types();

    /** The type whose commits are the new-orders of NOPM, or -1. */
    default int newOrderType() {
        return -1;
    }

    /** Its tables, for the IO sampler. */
    List<String> tables();

    /** What shapes the schema besides the product's SQL (the mix, its scale), for the checksum. */
    String shape();

    /** The rows its load inserts, for the progress line. */
    long rows();

    /** The load's parts, each run on a connection of its own, side by side with the others. */
    List<LoadTask> load();

    /** A virtual user's programs, one per type in {@link #types()} order. */
    List<Program> programs(Statements statements, int virtualUser, SplittableRandom random);

    /** Its consistency checks: the metric each gives (violations; 0 passes) → the statement's name. */
    Map<String, String> checks();
}
