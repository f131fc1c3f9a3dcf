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
 * @param runId the run
 * @param experiment the experiment's name
 * @param host the hostname, for events
 * @param trialId the trial, unique across runs
 * @param trialIndex the trial's position in the plan, for events
 * @param variant the variant's label ({@code init=zero, file-size=8MB}), for events
 * @param warmup whether the trial is a warm-up, for events
 * @param factors the trial's factor values, for events
 * @param target where it runs
 * @param params the trial's typed parameters
 * @param outputDir a directory of the trial's own under the data directory, for files to keep
 */
public record TrialContext(
        String runId,
        String experiment,
        String host,
        String trialId,
        int trialIndex,
        String variant,
        boolean warmup,
        Map<String, String> factors,
        Target target,
        Params params,
        Path outputDir,
        List<SpecificRecord> events) {

    public TrialContext(
            String runId,
            String experiment,
            String host,
            String trialId,
            int trialIndex,
            String variant,
            boolean warmup,
            Map<String, String> factors,
            Target target,
            Params params,
            Path outputDir) {
        this(
                runId,
                experiment,
                host,
                trialId,
                trialIndex,
                variant,
                warmup,
                factors,
                target,
                params,
                outputDir,
                new ArrayList<>());
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
                runId,
                experiment,
                host,
                trialId,
                0,
                VariantLabel.of(factors),
                false,
                factors,
                target,
                params,
                outputDir);
    }

    /** The trial, for the events it emits. */
    public TrialRef ref() {
        return new TrialRef(runId, experiment, host, trialId, trialIndex, variant, factors, warmup);
    }

    /** Adds an event (built after the measured span, never during it) to the trial's results. */
    public synchronized void emit(SpecificRecord event) {
        events.add(event);
    }

    public synchronized List<SpecificRecord> emitted() {
        return List.copyOf(events);
    }
}
