package storagebench.logformat;

import java.time.Instant;
import java.util.Map;
import storagebench.events.IoSample;

/**
 * One record a parser read from a raw log: a timed step of a trial, an IO sample, a host sample, or a
 * line it could not read. The import job gives them identities (run, trial, event ids derived from the
 * file's content and the record's position) and turns them into events.
 */
public sealed interface Parsed
        permits Parsed.Step, Parsed.Sample, Parsed.HostRow, Parsed.Malformed {

    /** Line (from 1) or record number the record came from; identities and quarantine use it. */
    long line();

    /**
     * A timed step. Steps with the same {@code trial} key belong to one trial, in the order given.
     *
     * @param trial a key grouping steps into trials, e.g. {@code server=A/test=IFI/3}
     * @param factors the trial's factors as read from the log (merged with --factor options)
     * @param step the step's name, e.g. {@code restore}, {@code index IDX_ORDERS_1}, {@code setup}
     * @param start when it started (UTC), or null when the log does not say
     * @param durationNs its duration
     * @param error null when it succeeded, else why it failed
     * @param metrics what the log reports about it (page reads, tps, ...)
     * @param line where it was read
     */
    record Step(
            String trial,
            Map<String, String> factors,
            String step,
            Instant start,
            long durationNs,
            String error,
            Map<String, Double> metrics,
            long line)
            implements Parsed {}

    /**
     * An IO sample of one file over one interval. The parser fills the measured fields of the
     * builder (interval, counts, bytes, rates, latencies, stalls, size); the import job fills the
     * identity fields (event id, run, experiment, host, trial, variant, factors, warm-up, step).
     */
    record Sample(
            String trial,
            Map<String, String> factors,
            String step,
            IoSample.Builder sample,
            long line)
            implements Parsed {}

    /**
     * What the host did over one interval, for one source: a row of {@code host_samples}, with the
     * source names, row names and metric keys of the live host sampler (docs/events.md, "Host
     * samples"). The import job fills the identity fields, as for a {@link Sample}; its phase is
     * {@code measured}.
     *
     * @param trial the trial key, as a step's
     * @param factors the trial's factors as read from the log
     * @param step the step under way
     * @param intervalStart when the interval began (UTC)
     * @param intervalMs its length
     * @param source cpu, core, memory, pressure or device
     * @param name all, cpu0, … or the device
     * @param metrics the figures, keyed as the live sampler's
     * @param line where it was read
     */
    record HostRow(
            String trial,
            Map<String, String> factors,
            String step,
            Instant intervalStart,
            double intervalMs,
            String source,
            String name,
            Map<String, Double> metrics,
            long line)
            implements Parsed {}

    /**
     * A record the parser could not read; it is quarantined with the file name, line and reason.
     */
    record Malformed(long line, String reason, String text) implements Parsed {}
}
