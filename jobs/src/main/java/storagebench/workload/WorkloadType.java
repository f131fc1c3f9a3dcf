package storagebench.workload;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import storagebench.dbms.Target;
import storagebench.dbms.TargetKind;

/**
 * A workload as registered in {@link Workloads} and named under {@code workload: type:}: its name, one
 * line for --help, and the table from each target kind it runs on to its implementation there (a
 * {@link Workload}, with that kind's parameters). Adding a database to a workload is one entry here.
 */
public abstract class WorkloadType {
    private final String name;
    private final String description;
    private final Map<TargetKind, Supplier<? extends Workload>> implementations;

    /**
     * @param implementations the implementation on each kind the workload runs on
     */
    protected WorkloadType(
            String name,
            String description,
            Map<TargetKind, Supplier<? extends Workload>> implementations) {
        this.name = name;
        this.description = description;
        this.implementations = new EnumMap<>(implementations);
    }

    /** The name used in YAML. */
    public final String name() {
        return name;
    }

    /** One line for --help. */
    public final String description() {
        return description;
    }

    /** The kinds this workload runs on, in the registry's order. */
    public final Set<TargetKind> kinds() {
        return implementations.keySet();
    }

    /**
     * This workload as it runs on targets of {@code kind}.
     *
     * @throws IllegalArgumentException with the reason when the workload does not run on such a target
     */
    public final Workload on(TargetKind kind) {
        Supplier<? extends Workload> implementation = implementations.get(kind);
        if (implementation == null) {
            throw new IllegalArgumentException(unsupported(kind));
        }
        return implementation.get();
    }

    /** {@link #on(TargetKind)} for the target's kind. */
    public final Workload on(Target target) {
        return on(target.kind());
    }

    /** The parameters on targets of {@code kind}. */
    public final List<Param> params(TargetKind kind) {
        return on(kind).params();
    }

    /**
     * The metrics of its measured steps that answer what the workload asks, beside the step's duration,
     * and which way is better; {@code report} and {@code compare} show them. None by default: the
     * duration is the answer.
     */
    public List<Metric> headline() {
        return List.of();
    }

    /** Why this workload does not run on {@code kind}: by default, the kinds it runs on. */
    protected String unsupported(TargetKind kind) {
        return name
                + " runs on "
                + String.join(", ", kinds().stream().map(TargetKind::yamlName).toList())
                + " targets; not on "
                + kind.yamlName();
    }
}
