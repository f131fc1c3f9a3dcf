package storagebench.schedule;

import java.time.Instant;
import org.quartz.Job;
import org.quartz.JobDataMap;
import org.quartz.JobExecutionContext;
import org.quartz.Scheduler;

/**
 * A firing of a schedule's job: the schedule runs its experiment ({@link ScheduledRunner}). After the
 * service died in the middle of one, Quartz fires it again as a recovery (on this service when it is
 * back, or on another on the same repository), and the interrupted run is continued.
 */
public class ScheduledRunJob implements Job {
    /** A continuation's firing (a one-off trigger continuing an interrupted run). */
    static final String FIRING = "firing";

    private final ScheduledRunner runner;

    public ScheduledRunJob(ScheduledRunner runner) {
        this.runner = runner;
    }

    @Override
    public void execute(JobExecutionContext context) {
        JobDataMap data = context.getMergedJobDataMap();
        Instant fired = context.getFireTime().toInstant();
        Instant scheduled =
                context.getScheduledFireTime() == null
                        ? fired
                        : context.getScheduledFireTime().toInstant();
        String trigger = context.getTrigger().getKey().getName();
        String firing = data.getString(FIRING);
        if (context.isRecovering()) {
            // the firing that was under way when its service died
            trigger = data.getString(Scheduler.FAILED_JOB_ORIGINAL_TRIGGER_NAME);
            scheduled =
                    Instant.ofEpochMilli(
                            Long.parseLong(
                                    data.getString(
                                            Scheduler
                                                    .FAILED_JOB_ORIGINAL_TRIGGER_SCHEDULED_FIRETIME_IN_MILLISECONDS)));
            firing = Firing.id(trigger, scheduled);
        }
        runner.fire(
                new ScheduledRunner.Request(
                        data.getString(ScheduleSync.SCHEDULE), trigger, scheduled, fired, firing));
    }
}
