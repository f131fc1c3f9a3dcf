package storagebench.workload;

import java.util.Map;
import storagebench.events.TrialTimed;

/**
 * One step of a trial. The runner times a MEASURED step's action and nothing else; SETUP and
 * CLEANUP steps run before and after it, and CLEANUP runs even when a measured step failed.
 *
 * @param name the step name in results, e.g. {@code create}
 * @param phase when it runs and whether it is timed
 * @param action what it does; returns metrics such as bytes written
 * @param after for a MEASURED step, work done once it succeeded, outside the timed span (reading the
 *     output it left behind); null when there is none
 */
public record Step(String name, Phase phase, Action action, AfterMeasured after) {

    public Step(String name, Phase phase, Action action) {
        this(name, phase, action, null);
    }

    /** The work of a step. */
    @FunctionalInterface
    public interface Action {
        Map<String, Double> run() throws Exception;
    }

    /** Work right after a measured step succeeded, never inside its timed span. */
    @FunctionalInterface
    public interface AfterMeasured {
        /**
         * @param measured the step's result, identity and timing filled in (sub-steps take theirs from it)
         * @return metrics to add to the step's result; a failure fails the step with its message
         */
        Map<String, Double> run(TrialTimed measured) throws Exception;
    }

    public static Step measured(String name, Action action) {
        return new Step(name, Phase.MEASURED, action);
    }

    public static Step cleanup(String name, Action action) {
        return new Step(name, Phase.CLEANUP, action);
    }

    public static Step setup(String name, Action action) {
        return new Step(name, Phase.SETUP, action);
    }

    /** This step with {@code after} run once it succeeded, outside its timed span. */
    public Step then(AfterMeasured next) {
        return new Step(name, phase, action, next);
    }
}
