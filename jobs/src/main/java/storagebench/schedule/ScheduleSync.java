package storagebench.schedule;

import java.util.HashSet;
import java.util.Set;
import java.util.TimeZone;
import org.quartz.CronScheduleBuilder;
import org.quartz.JobBuilder;
import org.quartz.JobKey;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.quartz.TriggerKey;
import org.quartz.impl.matchers.GroupMatcher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.Sha256;

/**
 * The schedules as Quartz jobs and cron triggers in the job repository, one of each per schedule. A
 * trigger whose definition is unchanged is left as it is, so its paused state and the firings it
 * missed while no service ran survive a restart. That two runs never hit one target together is
 * {@link TargetLeases}' work, not Quartz's: a firing that waits for its target has fired, and is no
 * misfire.
 */
public final class ScheduleSync {
    private static final Logger log = LoggerFactory.getLogger(ScheduleSync.class);

    /** The group of the schedules' jobs and triggers. */
    public static final String GROUP = "storagebench";

    /** The group of one-off triggers (trigger now, continuations). */
    public static final String ONCE = "storagebench-once";

    static final String SCHEDULE = "schedule";
    static final String DEFINITION = "definition";

    private ScheduleSync() {}

    /** Makes the job repository's jobs and triggers those of {@code schedules}. */
    public static void sync(Scheduler scheduler, Schedules schedules) {
        try {
            Set<String> wanted = new HashSet<>();
            for (Schedule s : schedules.all()) {
                JobKey job = job(scheduler, s.name());
                wanted.add(s.name());
                TriggerKey key = TriggerKey.triggerKey(s.name(), GROUP);
                Trigger existing = scheduler.getTrigger(key);
                if (!s.enabled()) {
                    if (existing != null) {
                        scheduler.unscheduleJob(key);
                        log.info("schedule {} disabled", s.name());
                    }
                    continue;
                }
                String definition = definition(s);
                if (existing != null
                        && definition.equals(existing.getJobDataMap().getString(DEFINITION))) {
                    continue;
                }
                Trigger trigger = trigger(s, key, job, definition);
                if (existing == null) {
                    scheduler.scheduleJob(trigger);
                    log.info("schedule {}: {} ({})", s.name(), s.cron(), s.timeZone());
                } else {
                    scheduler.rescheduleJob(key, trigger);
                    log.info("schedule {} changed: {} ({})", s.name(), s.cron(), s.timeZone());
                }
            }
            for (JobKey job : scheduler.getJobKeys(GroupMatcher.jobGroupEquals(GROUP))) {
                if (!wanted.contains(job.getName())) {
                    scheduler.deleteJob(job);
                    log.info("schedule {} removed", job.getName());
                }
            }
        } catch (SchedulerException e) {
            throw new IllegalStateException(
                    "the schedules could not be stored: " + e.getMessage(), e);
        }
    }

    /** The job of a schedule: kept while the schedule is in the file, enabled or not. */
    static JobKey job(Scheduler scheduler, String schedule) throws SchedulerException {
        JobKey key = JobKey.jobKey(schedule, GROUP);
        if (!scheduler.checkExists(key)) {
            scheduler.addJob(
                    JobBuilder.newJob(ScheduledRunJob.class)
                            .withIdentity(key)
                            .usingJobData(SCHEDULE, schedule)
                            .storeDurably()
                            .requestRecovery()
                            .build(),
                    false);
        }
        return key;
    }

    private static Trigger trigger(Schedule s, TriggerKey key, JobKey job, String definition) {
        CronScheduleBuilder cron =
                CronScheduleBuilder.cronSchedule(s.cron())
                        .inTimeZone(TimeZone.getTimeZone(s.timeZone()));
        cron =
                s.misfire() == Schedule.Misfire.RUN_ONCE
                        ? cron.withMisfireHandlingInstructionFireAndProceed()
                        : cron.withMisfireHandlingInstructionDoNothing();
        return TriggerBuilder.newTrigger()
                .withIdentity(key)
                .forJob(job)
                .usingJobData(SCHEDULE, s.name())
                .usingJobData(DEFINITION, definition)
                .withSchedule(cron)
                .build();
    }

    private static String definition(Schedule s) {
        return Sha256.hex(String.join("\n", s.cron(), s.timeZone().getId(), s.misfire().name()))
                .substring(0, 16);
    }
}
