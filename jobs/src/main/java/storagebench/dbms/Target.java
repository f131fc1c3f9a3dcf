package storagebench.dbms;

import java.util.Optional;
import storagebench.events.TargetSnapshot;

/** Where a workload runs. */
public interface Target {
    TargetKind kind();

    /** What the results were measured on, for RunStarted; never holds a password. */
    TargetSnapshot snapshot();

    /**
     * What two runs at once must not share, without reaching the target: its kind and where it is (a
     * directory, a server's URL). May hold what a URL holds: hash it before showing it.
     */
    String identity();

    /**
     * This target's {@code capability} ({@link LocalFolder}, …), if it has it: how a workload reaches
     * what differs per kind without naming a kind.
     */
    default <C> Optional<C> as(Class<C> capability) {
        return capability.isInstance(this) ? Optional.of(capability.cast(this)) : Optional.empty();
    }
}
