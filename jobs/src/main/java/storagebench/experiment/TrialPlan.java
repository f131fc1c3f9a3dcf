package storagebench.experiment;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The trials of a run, in execution order: warm-ups first (one round per warm-up, every variant
 * in each), then the measured trials in the declared order. The same experiment always gives the
 * same plan, which is what lets a restarted run continue where it stopped.
 */
public record TrialPlan(List<Map<String, String>> variants, List<Trial> trials) {

    public static TrialPlan of(Experiment experiment) {
        List<Map<String, String>> variants = experiment.matrix().variants();
        List<Trial> trials = new ArrayList<>();
        for (int w = 1; w <= experiment.warmups(); w++) {
            for (int v = 0; v < variants.size(); v++) {
                trials.add(new Trial(0, v, variants.get(v), w, true));
            }
        }
        List<Trial> measured = new ArrayList<>();
        int reps = experiment.repetitions();
        switch (experiment.order()) {
            case SEQUENTIAL -> {
                for (int v = 0; v < variants.size(); v++) {
                    for (int r = 1; r <= reps; r++) {
                        measured.add(new Trial(0, v, variants.get(v), r, false));
                    }
                }
            }
            case INTERLEAVED, RANDOM -> {
                for (int r = 1; r <= reps; r++) {
                    for (int v = 0; v < variants.size(); v++) {
                        measured.add(new Trial(0, v, variants.get(v), r, false));
                    }
                }
                if (experiment.order() == Order.RANDOM) {
                    Collections.shuffle(measured, new Random(experiment.seed()));
                }
            }
        }
        trials.addAll(measured);
        List<Trial> indexed = new ArrayList<>(trials.size());
        for (int i = 0; i < trials.size(); i++) {
            Trial t = trials.get(i);
            indexed.add(new Trial(i, t.variant(), t.factors(), t.repetition(), t.warmup()));
        }
        return new TrialPlan(List.copyOf(variants), List.copyOf(indexed));
    }

    public int size() {
        return trials.size();
    }
}
