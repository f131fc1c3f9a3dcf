package storagebench.schedule;

import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;

/**
 * One schedule of a schedules file, checked: an experiment run on a cron expression.
 *
 * @param name 1 to 100 letters, digits, '.', '_' or '-'; names its trigger and its pages
 * @param experiment the experiment YAML, resolved against the schedules file's folder
 * @param written the cron expression as the schedules file gives it, shown to users
 * @param cron the Quartz cron expression (seconds first); a five-field crontab line is turned into one
 * @param timeZone the zone the cron expression is read in
 * @param misfire what a firing missed while the service was down becomes
 * @param overlap what a firing does when a run is already on the experiment's target
 * @param retry how many times a run that did not complete is continued (never redoing a recorded trial)
 * @param backoff the wait before the first continuation, doubled before each next one
 * @param maxRuntime the longest a run may take before it is stopped (restartable), or null
 * @param enabled whether it fires at all
 * @param overrides {@code --override}s for the experiment, in order
 * @param window the earlier runs of the schedule the regression check compares the latest one with
 * @param notifyCommand the command run after each checked run ({@code notify:}), or null
 * @param hosts which hosts each firing runs on ({@code hosts:})
 * @param confirm whether a regression the check finds is confirmed by a rerun first ({@code
 *     confirm:})
 * @param line the schedule's line in its file, for messages
 */
public record Schedule(
        String name,
        Path experiment,
        String written,
        String cron,
        ZoneId timeZone,
        Misfire misfire,
        Overlap overlap,
        int retry,
        Duration backoff,
        Duration maxRuntime,
        boolean enabled,
        Map<String, String> overrides,
        int window,
        Notify notifyCommand,
        HostSelector hosts,
        Confirm confirm,
        int line) {

    /** A firing missed while no service ran. */
    public enum Misfire {
        /** One run as soon as the service is back, however many firings were missed. */
        RUN_ONCE,
        /** None: the next firing is the next one due. */
        SKIP
    }

    /** A firing while a run is on the same target. */
    public enum Overlap {
        /** Waits for that run to end, then runs. */
        WAIT,
        /** Does not run; the firing is recorded as skipped, naming the run it met. */
        SKIP
    }

    /** What a regression the check after a run finds needs before it is raised. */
    public enum Confirm {
        /** Nothing: it is raised at once. */
        NONE,
        /**
         * A rerun: the experiment is run once more, and the regression is raised as confirmed when the
         * change point is still there with the rerun, as not confirmed (no notify) when it is not.
         */
        RERUN
    }

    /**
     * The command run after each checked run, with the verdict in its environment.
     *
     * @param command the program and its arguments (no shell unless {@code shell})
     * @param shell run {@code command} (one string) through {@code sh -c}
     * @param always after every run; otherwise only after a regression
     */
    public record Notify(List<String> command, boolean shell, boolean always) {}
}
