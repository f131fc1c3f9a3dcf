package storagebench.experiment;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import storagebench.dbms.Target;
import storagebench.workload.Params;
import storagebench.workload.Workload;

/**
 * An experiment as declared in YAML, checked and resolved.
 *
 * @param name the experiment name, also its partition in the dataset
 * @param description free text
 * @param target where it runs
 * @param workload what it measures
 * @param fixed the workload's parameters that do not vary, typed
 * @param matrix the factors and how they combine into variants
 * @param repetitions measured trials per variant
 * @param warmups warm-up trials per variant, run first, flagged, left out of statistics
 * @param order trial order
 * @param seed the shuffle seed for random order
 * @param timeout the longest a trial may take, or null for no limit
 * @param onFailure whether the run goes on after a failed trial
 * @param hostSettings host settings that factors of the same name vary
 * @param baseline the variant the others are compared with, as factor values (some factors only;
 *     the others held fixed); empty when the experiment names none
 * @param source the YAML text as loaded (secrets removed)
 * @param configuration what the run holds fixed, whose fingerprint keeps runs that differ in it apart
 */
public record Experiment(
        String name,
        String description,
        Target target,
        Workload workload,
        Map<String, Object> fixed,
        Matrix matrix,
        int repetitions,
        int warmups,
        Order order,
        long seed,
        Duration timeout,
        OnFailure onFailure,
        List<HostSetting> hostSettings,
        Map<String, String> baseline,
        String source,
        FixedConfiguration configuration) {

    /**
     * A variant's typed parameters: the fixed ones overlaid with its factor values. Factors that are
     * not parameters (only for a workload that {@linkplain Workload#acceptsExtraFactors() accepts them})
     * are added as text.
     */
    public Params params(Map<String, String> variant) {
        Map<String, Object> values = new LinkedHashMap<>(fixed);
        for (var param : workload.params()) {
            String text = variant.get(param.name());
            if (text != null) {
                values.put(param.name(), param.parse(text));
            }
        }
        if (workload.acceptsExtraFactors()) {
            variant.forEach(
                    (k, v) -> {
                        if (hostSettings.stream().noneMatch(h -> h.name().equals(k))) {
                            values.putIfAbsent(k, v);
                        }
                    });
        }
        return new Params(values);
    }
}
