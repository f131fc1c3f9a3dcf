package storagebench.workload;

import java.util.List;
import storagebench.target.Target;

/** What a trial measures. Registered by name in {@link Workloads}; declared under {@code workload: type:}. */
public interface Workload {

    /** The name used in YAML. */
    String name();

    /** One line for --help. */
    String description();

    /** Every parameter, with types, defaults and docs; anything else in YAML is refused. */
    List<Param> params();

    /**
     * Checks before anything runs that every variant can run on the target (free space, for
     * example). Throws {@link storagebench.BadInputException} with the reason when one cannot.
     */
    default void preflight(Target target, List<Params> variants) {
    }

    /** The steps of one trial, in order. */
    List<Step> steps(TrialContext trial);
}
