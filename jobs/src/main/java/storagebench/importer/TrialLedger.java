package storagebench.importer;

import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import storagebench.events.VariantLabel;
import storagebench.logformat.Parsed;

/**
 * Places each record of a file in its trial, in the order the parser gives them, so that the same
 * file always gets the same trials: indexes in order of first appearance of a trial key (samples and host
 * rows count); repetition 1 + the earlier trials whose first record had the same variant; factors the
 * record's own plus {@code --factor} (those win), variant their label. A step with no start of its own
 * starts at the run's start plus the durations of every step before it in the file. Malformed records
 * go to the quarantine. Fed every record from the first, also those a continued import skips, it
 * always ends with the same totals.
 */
final class TrialLedger {

    /**
     * Where one record belongs.
     *
     * @param trialIndex its trial's index
     * @param variant the label of its factors
     * @param factors its factors
     * @param repetition its trial's repetition
     * @param start for a step: when it started
     */
    record Placement(
            int trialIndex,
            String variant,
            Map<String, String> factors,
            int repetition,
            Instant start) {}

    /**
     * @param records records read
     * @param trials trials with at least one step
     * @param failures trials with a failed step
     * @param quarantined malformed records
     */
    record Totals(long records, int trials, int failures, long quarantined) {}

    private static final class Trial {
        final int index;
        final int repetition;
        boolean stepped;
        boolean failed;

        Trial(int index, int repetition) {
            this.index = index;
            this.repetition = repetition;
        }
    }

    private final Instant runStart;
    private final Map<String, String> extraFactors;
    private final Consumer<Parsed.Malformed> quarantine;
    private final Map<String, Trial> trials = new HashMap<>();
    private final Map<String, Integer> trialsPerVariant = new HashMap<>();
    private long records;
    private long elapsedNanos;
    private long quarantined;
    private int stepped;
    private int failed;

    /**
     * @param quarantine where malformed records go: the run's quarantine file, or what a dry run
     *     keeps of them
     */
    TrialLedger(
            Instant runStart,
            Map<String, String> extraFactors,
            Consumer<Parsed.Malformed> quarantine) {
        this.runStart = runStart;
        this.extraFactors = extraFactors;
        this.quarantine = quarantine;
    }

    /** The record's place, or null for a malformed record (quarantined). */
    Placement place(Parsed record) {
        records++;
        if (record instanceof Parsed.Step step) {
            Placement placement =
                    placement(
                            step.trial(),
                            step.factors(),
                            step.start() != null ? step.start() : runStart.plusNanos(elapsedNanos));
            elapsedNanos += step.durationNs();
            Trial trial = trials.get(key(step.trial()));
            if (!trial.stepped) {
                trial.stepped = true;
                stepped++;
            }
            if (step.error() != null && !trial.failed) {
                trial.failed = true;
                failed++;
            }
            return placement;
        } else if (record instanceof Parsed.Sample sample) {
            return placement(sample.trial(), sample.factors(), null);
        } else if (record instanceof Parsed.HostRow row) {
            return placement(row.trial(), row.factors(), null);
        }
        quarantined++;
        quarantine.accept((Parsed.Malformed) record);
        return null;
    }

    private Placement placement(String trialKey, Map<String, String> parsed, Instant start) {
        Map<String, String> factors = new LinkedHashMap<>(parsed);
        factors.putAll(extraFactors);
        String variant = VariantLabel.of(factors);
        Trial trial =
                trials.computeIfAbsent(
                        key(trialKey),
                        k ->
                                new Trial(
                                        trials.size(),
                                        trialsPerVariant.merge(variant, 1, Integer::sum)));
        return new Placement(trial.index, variant, factors, trial.repetition, start);
    }

    private static String key(String trial) {
        return Objects.toString(trial, "");
    }

    Totals totals() {
        return new Totals(records, stepped, failed, quarantined);
    }
}
