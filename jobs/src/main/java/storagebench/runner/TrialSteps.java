package storagebench.runner;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.workload.Phase;
import storagebench.workload.Step;

/**
 * A trial's steps in the runner's order: the set-up steps until one fails; the measured steps, none
 * run once a step failed but each still recorded; the clean-up steps even after a failure, until one
 * fails. How a step runs and what it leaves is the caller's: the runner ({@link TrialExecutor}) builds
 * an event of each, a bench ({@link #run}) keeps the measured steps' times.
 */
public final class TrialSteps {
    private static final Logger log = LoggerFactory.getLogger(TrialSteps.class);

    /** One step of the trial. */
    @FunctionalInterface
    public interface Recorder {
        /**
         * Runs the step, or records it unrun when {@code failure} is set.
         *
         * @return why it failed (or {@code failure}), null when it succeeded
         */
        String record(Step step, String failure);
    }

    private final List<Step> steps;
    private final Recorder recorder;

    public TrialSteps(List<Step> steps, Recorder recorder) {
        this.steps = List.copyOf(steps);
        this.recorder = recorder;
    }

    /**
     * Runs a trial's steps outside a run, as a bench does: each timed like a measured step but without
     * a timeout, no event built. Returns the measured steps' results by name; a step that failed is
     * thrown once the clean-up steps ran.
     */
    public static Map<String, Timed> run(List<Step> steps) {
        Map<String, Timed> measured = new LinkedHashMap<>();
        TrialSteps trial =
                new TrialSteps(
                        steps,
                        (step, failure) -> {
                            if (failure != null) {
                                return failure;
                            }
                            Timed timed = Timed.run(step.action(), null);
                            if (step.phase() == Phase.MEASURED) {
                                measured.put(step.name(), timed);
                            }
                            return timed.error();
                        });
        String failure;
        try {
            failure = trial.measure(trial.setUp(), () -> true);
        } finally {
            trial.cleanUp();
        }
        measured.forEach(
                (name, timed) -> {
                    if (timed.error() != null) {
                        throw new IllegalStateException(
                                "step '" + name + "' failed: " + timed.error());
                    }
                });
        if (failure != null) {
            throw new IllegalStateException(failure);
        }
        return measured;
    }

    /** Runs the set-up steps; returns why one failed, or null. */
    public String setUp() {
        return runPhase(Phase.SETUP);
    }

    /**
     * Runs the measured steps, each while {@code go} says so; after a failure (the one given, or a
     * step's) the rest are recorded unrun. Returns the failure, or null.
     */
    public String measure(String failure, BooleanSupplier go) {
        for (Step step : steps) {
            if (step.phase() == Phase.MEASURED && go.getAsBoolean()) {
                String error = recorder.record(step, failure);
                if (failure == null && error != null) {
                    failure = "skipped: step '" + step.name() + "' failed";
                }
            }
        }
        return failure;
    }

    /** Runs the clean-up steps. A failed clean-up does not undo a measurement; the next set-up retries it. */
    public void cleanUp() {
        runPhase(Phase.CLEANUP);
    }

    private String runPhase(Phase phase) {
        for (Step step : steps) {
            if (step.phase() == phase) {
                String error = recorder.record(step, null);
                if (error != null) {
                    String failure =
                            phase.name().toLowerCase(Locale.ROOT)
                                    + " step '"
                                    + step.name()
                                    + "' failed: "
                                    + error;
                    log.warn("{}", failure);
                    return failure;
                }
            }
        }
        return null;
    }
}
