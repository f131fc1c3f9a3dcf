package storagebench.workload;

import java.util.List;
import storagebench.dbms.Target;

/**
 * What a trial measures, as one workload runs on one kind of target: the implementation a
 * {@link WorkloadType}'s table names for that kind, with that kind's parameters.
 */
public interface Workload {

    /** The name used in YAML. */
    String name();

    /** One line for --help. */
    String description();

    /** Every parameter, with types, defaults and docs; anything else in YAML is refused. */
    List<Param> params();

    /**
     * Whether a factor may name something that is not a parameter. Such a factor is read as text,
     * kept in the trial's {@link Params} under its own name, and left to the workload to use (the
     * {@code command} workload substitutes it into its command line). False for most workloads, which
     * refuse unknown factor names.
     */
    default boolean acceptsExtraFactors() {
        return false;
    }

    /**
     * Checks one variant's parameters together, at load, before anything runs: a value that does not
     * fit with another (a block larger than its file) or sizes whose product does not fit in a long.
     * The loader reports the blamed parameter's file, line and key. The default accepts every variant.
     *
     * @throws ParamException naming the parameter to blame and the reason
     */
    default void check(Params variant) {}

    /**
     * Checks before anything runs that every variant can run on the target (free space, for
     * example). Throws {@link storagebench.BadInputException} with the reason when one cannot.
     */
    default void preflight(Target target, List<Params> variants) {}

    /** The steps of one trial, in order. */
    List<Step> steps(TrialContext trial);
}
