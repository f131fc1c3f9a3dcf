package storagebench.report;

import java.time.Instant;
import java.util.Map;

/**
 * One measured trial's value of one step: its duration in seconds or one of its metrics.
 *
 * @param configuration the label of the run's fixed configuration among its experiment's; empty
 *     where the experiment ran one
 * @param factors the variant's factor values, in the plan's order
 * @param trialIndex the trial's place in its run's plan
 */
public record TrialValue(
        String experiment,
        String host,
        String configuration,
        String runId,
        String variant,
        Map<String, String> factors,
        String step,
        long trialIndex,
        Instant start,
        double value)
        implements VariantRow {}
