package storagebench.workload;

import java.util.Map;

/**
 * One step of a trial. The runner times a MEASURED step's action and nothing else; SETUP and
 * CLEANUP steps run before and after it, and CLEANUP runs even when a measured step failed.
 *
 * @param name the step name in results, e.g. {@code create}
 * @param phase when it runs and whether it is timed
 * @param action what it does; returns metrics such as bytes written
 */
public record Step(String name, Phase phase, Action action) {

    /** The work of a step. */
    @FunctionalInterface
    public interface Action {
        Map<String, Double> run() throws Exception;
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
}
