package storagebench.experiment;

import java.util.Map;
import storagebench.events.VariantLabel;

/**
 * One trial of a run: a variant at one repetition.
 *
 * @param index position in the plan, from 0, warm-ups included
 * @param variant index of the variant in the expanded matrix
 * @param factors the variant's factor values in declared order
 * @param repetition from 1 within the variant; warm-ups count separately
 * @param warmup recorded and flagged, never in statistics
 */
public record Trial(
        int index, int variant, Map<String, String> factors, int repetition, boolean warmup) {

    /** The factor combination as one label, e.g. {@code init=zero, file-size=8MB}. */
    public String label() {
        return VariantLabel.of(factors);
    }

    public String id(String runId) {
        return runId + "-t" + String.format("%04d", index);
    }
}
