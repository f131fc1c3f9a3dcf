package storagebench.probe.waits;

import java.time.Instant;
import java.util.Map;

/**
 * One reading of a server's cumulative wait statistics and counters, at the phase's start or end.
 *
 * @param at when it was read (wall clock)
 * @param nanos when it was read (monotonic clock)
 * @param waits each wait's statistics (SQL Server's sys.dm_os_wait_stats); empty where the product has
 *     none
 * @param counters each counter's value
 */
public record Reading(
        Instant at, long nanos, Map<WaitKey, Waited> waits, Map<WaitKey, Double> counters) {

    /**
     * A wait's cumulative statistics.
     *
     * @param count the waits that ended (waiting_tasks_count)
     * @param waitMs the time waited, ms
     * @param signalMs of that, the time spent waiting for a CPU once signalled, ms
     */
    public record Waited(long count, double waitMs, double signalMs) {}
}
