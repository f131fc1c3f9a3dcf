package storagebench.events;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.avro.specific.SpecificRecordBuilderBase;

/**
 * The trial an event is of: the identity fields that TrialTimed, IoSample, ThroughputSample and
 * HostSample all carry, stamped onto each in one place. A TrialTimed's repetition is not one of them
 * (the samples have none): its builder sets it.
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

    /**
     * Sets the trial's fields and {@code step} on {@code event}, a builder of an event type that carries
     * them (TrialTimed, IoSample, ThroughputSample, HostSample: each type whose schema has a trial_id).
     */
    public <B extends SpecificRecordBuilderBase<?>> B stamp(B event, String step) {
        List<MethodHandle> setters = SETTERS.get(event.getClass());
        Object[] values = {
            runId, experiment, host, trialId, trialIndex, variant, factors, warmup, step
        };
        try {
            for (int i = 0; i < values.length; i++) {
                setters.get(i).invoke(event, values[i]);
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
        return event;
    }

    /** The identity fields' setters, in the order of {@link #stamp}'s values. */
    private static final List<String> FIELDS =
            List.of(
                    "RunId",
                    "Experiment",
                    "Host",
                    "TrialId",
                    "TrialIndex",
                    "Variant",
                    "Factors",
                    "Warmup",
                    "Step");

    /**
     * Each builder class's setters of the identity fields, found once: the generated builders of the
     * types share no interface, so the one list of fields above is looked up on each.
     */
    private static final ClassValue<List<MethodHandle>> SETTERS =
            new ClassValue<>() {
                @Override
                protected List<MethodHandle> computeValue(Class<?> builder) {
                    List<MethodHandle> setters = new ArrayList<>();
                    for (String field : FIELDS) {
                        Method setter =
                                Arrays.stream(builder.getMethods())
                                        .filter(m -> m.getName().equals("set" + field))
                                        .filter(m -> m.getParameterCount() == 1)
                                        .findFirst()
                                        .orElseThrow(
                                                () ->
                                                        new IllegalArgumentException(
                                                                builder.getName()
                                                                        + " has no field "
                                                                        + field
                                                                        + ": not an event of a trial"));
                        try {
                            setters.add(MethodHandles.publicLookup().unreflect(setter));
                        } catch (IllegalAccessException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                    return List.copyOf(setters);
                }
            };
}
