package storagebench.workload;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import storagebench.dbms.Target;
import storagebench.events.TrialRef;
import storagebench.events.VariantLabel;

/**
 * What a workload gets for one trial: where it runs, its parameters, and a place for the extra
 * events it observes (such as per-interval IO samples), published with the trial's results.
 *
 * @param ref the trial (run, experiment, host, id, index, variant, factors, warm-up), for events
 * @param target where it runs
 * @param params the trial's typed parameters
 * @param outputDir a directory of the trial's own under the data directory, for files to keep; made
 *     absolute (the data directory is relative by default, ./data), since the programs a workload runs
 *     work in it and are handed paths in it
 */
public record TrialContext(
        TrialRef ref, Target target, Params params, Path outputDir, List<SpecificRecord> events) {

    public TrialContext {
        outputDir = outputDir.toAbsolutePath();
    }

    public TrialContext(TrialRef ref, Target target, Params params, Path outputDir) {
        this(ref, target, params, outputDir, new ArrayList<>());
    }

    /** A lone measured trial outside a plan (tests, tools): index 0, labelled by its factors, not a warm-up. */
    public TrialContext(
            String runId,
            String experiment,
            String host,
            String trialId,
            Map<String, String> factors,
            Target target,
            Params params,
            Path outputDir) {
        this(
                new TrialRef(
                        runId,
                        experiment,
                        host,
                        trialId,
                        0,
                        VariantLabel.of(factors),
                        factors,
                        false),
                target,
                params,
                outputDir);
    }

    public String runId() {
        return ref.runId();
    }

    public String experiment() {
        return ref.experiment();
    }

    /** The hostname, for events. */
    public String host() {
        return ref.host();
    }

    /** The trial, unique across runs. */
    public String trialId() {
        return ref.trialId();
    }

    /** The trial's position in the plan, for events. */
    public int trialIndex() {
        return ref.trialIndex();
    }

    /** The variant's label ({@code init=zero, file-size=8MB}), for events. */
    public String variant() {
        return ref.variant();
    }

    /** Whether the trial is a warm-up, for events. */
    public boolean warmup() {
        return ref.warmup();
    }

    /** The trial's factor values, for events. */
    public Map<String, String> factors() {
        return ref.factors();
    }

    /** Adds an event (built after the measured span, never during it) to the trial's results. */
    public synchronized void emit(SpecificRecord event) {
        events.add(event);
    }

    public synchronized List<SpecificRecord> emitted() {
        return List.copyOf(events);
    }
}
