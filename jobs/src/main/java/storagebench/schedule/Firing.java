package storagebench.schedule;

import java.time.Instant;

/**
 * What became of one firing of a schedule.
 *
 * @param id the trigger's name and the scheduled time: one firing, however often it is continued
 * @param trigger the Quartz trigger that fired (the schedule's, or a one-off trigger-now)
 * @param target the key of the target it ran on ({@link TargetLeases}), empty before it is known
 * @param runId the run it started, or null (skipped, broken)
 * @param attempts how many times the run was started or continued
 * @param message why it ended as it did, or null
 * @param node the service instance that ran it
 * @param rerunId the run made to confirm a regression its run's check found ({@code confirm:
 *     rerun}), or null; recorded before that run starts, so a continuation reruns nothing twice
 */
public record Firing(
        String id,
        String schedule,
        String trigger,
        String target,
        Instant scheduled,
        Instant fired,
        String runId,
        Status status,
        int attempts,
        String message,
        Instant ended,
        String node,
        String rerunId) {

    /** Where a firing stands. */
    public enum Status {
        /** Its run is under way. */
        RUNNING,
        /**
         * Its run was under way on a host that stopped answering ({@link HostRegistry}): its target is
         * free again, and the run is continued per retry once a service takes the firing over.
         */
        LOST,
        /** Its run completed. */
        COMPLETED,
        /** Its run did not complete, and no retry is left. */
        FAILED,
        /** Its run was stopped: the service ended (SIGTERM) or max-runtime passed; restartable. */
        INTERRUPTED,
        /** Not run: the target was busy and the schedule says skip. */
        SKIPPED,
        /** Not run: the experiment file is missing or invalid. */
        BROKEN;

        public boolean ended() {
            return this != RUNNING && this != LOST;
        }
    }

    /** The firing on its target. */
    Firing on(String target) {
        return new Firing(
                id, schedule, trigger, target, scheduled, fired, runId, status, attempts, message,
                ended, node, rerunId);
    }

    /** The firing with the run that confirms its regression. */
    Firing withRerun(String rerun) {
        return new Firing(
                id, schedule, trigger, target, scheduled, fired, runId, status, attempts, message,
                ended, node, rerun);
    }

    /** The firing as it stands now, recorded by {@code node}. */
    Firing now(
            String runId, Status status, int attempts, String message, Instant ended, String node) {
        return new Firing(
                id, schedule, trigger, target, scheduled, fired, runId, status, attempts, message,
                ended, node, rerunId);
    }

    public static String id(String trigger, Instant scheduled) {
        return trigger + "@" + scheduled.toEpochMilli();
    }
}
