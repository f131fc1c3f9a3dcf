package storagebench.events;

import java.util.Map;

/**
 * The trial an event is of: the identity fields that TrialTimed, IoSample and ThroughputSample all
 * carry, stamped onto each in one place. A TrialTimed's repetition is not one of them (the samples have
 * none): its builder sets it.
 *
 * @param runId the run
 * @param experiment the experiment's name
 * @param host the hostname the trial ran on
 * @param trialId the trial, unique across runs
 * @param trialIndex the trial's position in the run's plan
 * @param variant the factor combination as one label ({@link VariantLabel})
 * @param factors the trial's factor values
 * @param warmup whether the trial is a warm-up
 */
public record TrialRef(
        String runId,
        String experiment,
        String host,
        String trialId,
        int trialIndex,
        String variant,
        Map<String, String> factors,
        boolean warmup) {

    /** The trial {@code event} is of. */
    public static TrialRef of(TrialTimed event) {
        return new TrialRef(
                event.getRunId(),
                event.getExperiment(),
                event.getHost(),
                event.getTrialId(),
                event.getTrialIndex(),
                event.getVariant(),
                event.getFactors(),
                event.getWarmup());
    }

    /** The same trial with other factor values (the variant's label unchanged). */
    public TrialRef withFactors(Map<String, String> factors) {
        return new TrialRef(runId, experiment, host, trialId, trialIndex, variant, factors, warmup);
    }

    /** Sets the trial's fields and {@code step} on {@code event}. */
    public TrialTimed.Builder stamp(TrialTimed.Builder event, String step) {
        return event.setRunId(runId)
                .setExperiment(experiment)
                .setHost(host)
                .setTrialId(trialId)
                .setTrialIndex(trialIndex)
                .setVariant(variant)
                .setFactors(factors)
                .setWarmup(warmup)
                .setStep(step);
    }

    /** Sets the trial's fields and {@code step} on {@code event}. */
    public IoSample.Builder stamp(IoSample.Builder event, String step) {
        return event.setRunId(runId)
                .setExperiment(experiment)
                .setHost(host)
                .setTrialId(trialId)
                .setTrialIndex(trialIndex)
                .setVariant(variant)
                .setFactors(factors)
                .setWarmup(warmup)
                .setStep(step);
    }

    /** Sets the trial's fields and {@code step} on {@code event}. */
    public ThroughputSample.Builder stamp(ThroughputSample.Builder event, String step) {
        return event.setRunId(runId)
                .setExperiment(experiment)
                .setHost(host)
                .setTrialId(trialId)
                .setTrialIndex(trialIndex)
                .setVariant(variant)
                .setFactors(factors)
                .setWarmup(warmup)
                .setStep(step);
    }
}
