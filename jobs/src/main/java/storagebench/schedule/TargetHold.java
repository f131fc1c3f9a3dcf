package storagebench.schedule;

import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A firing's hold on its target ({@link TargetLeases}): renewed while its run goes on, then released. */
final class TargetHold implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(TargetHold.class);

    private final TargetLeases leases;
    private final Firing firing;
    private final ScheduledFuture<?> renewal;

    private TargetHold(
            TargetLeases leases, Firing firing, String runId, ScheduledExecutorService timers) {
        this.leases = leases;
        this.firing = firing;
        this.renewal =
                timers.scheduleWithFixedDelay(
                        () -> renew(runId),
                        0,
                        TargetLeases.RENEW.toMillis(),
                        TimeUnit.MILLISECONDS);
    }

    /** The firing's target, held for its run; empty while another firing holds it. */
    static Optional<TargetHold> take(
            TargetLeases leases,
            Firing firing,
            String schedule,
            String runId,
            ScheduledExecutorService timers) {
        return leases.acquire(firing.target(), firing.id(), schedule)
                ? Optional.of(new TargetHold(leases, firing, runId, timers))
                : Optional.empty();
    }

    private void renew(String runId) {
        try {
            leases.renew(firing.target(), firing.id(), runId);
        } catch (RuntimeException e) {
            log.warn(
                    "the lease of run {} on its target could not be renewed: {}",
                    runId,
                    e.getMessage());
        }
    }

    @Override
    public void close() {
        renewal.cancel(false);
        leases.release(firing.target(), firing.id());
    }
}
