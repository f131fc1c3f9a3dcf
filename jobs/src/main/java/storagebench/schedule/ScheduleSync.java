package storagebench.schedule;

import java.util.HashSet;
import java.util.Set;
import java.util.TimeZone;
import org.quartz.CronScheduleBuilder;
import org.quartz.CronTrigger;
import org.quartz.JobBuilder;
import org.quartz.JobDetail;
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
 * The schedules as Quartz jobs and triggers in the job repository. Each target is one job that never
 * runs twice at once (in the whole cluster): a schedule's trigger fires its experiment's target's job,
 * so two runs never hit one target together. A trigger whose definition is unchanged is left as it
 * is, so its paused state and the firings it missed while no service ran survive a restart.
 */
public final class ScheduleSync {
    private static final Logger log = LoggerFactory.getLogger(ScheduleSync.class);

    /** The group of the schedules' triggers and the targets' jobs. */
    public static final String GROUP = "storagebench";

    /** The group of one-off triggers (trigger now, continuations). */
    public static final String ONCE = "storagebench-once";

    static final String SCHEDULE = "schedule";
    static final String DEFINITION = "definition";

    private ScheduleSync() {}

    /** Makes the job repository's triggers those of {@code schedules}. */
    public static void sync(Scheduler scheduler, Schedules schedules) {
        try {
            Set<TriggerKey> wanted = new HashSet<>();
            for (Schedule s : schedules.all()) {
                if (!s.enabled()) {
                    continue;
                }
                JobKey job =
                        job(scheduler, schedules.target(s.name()).orElse("schedule:" + s.name()));
                TriggerKey key = TriggerKey.triggerKey(s.name(), GROUP);
                wanted.add(key);
                String definition = definition(s, job);
                Trigger existing = scheduler.getTrigger(key);
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
            for (TriggerKey key :
                    scheduler.getTriggerKeys(GroupMatcher.triggerGroupEquals(GROUP))) {
                if (!wanted.contains(key)) {
                    scheduler.unscheduleJob(key);
                    log.info("schedule {} removed or disabled", key.getName());
                }
            }
        } catch (SchedulerException e) {
            throw new IllegalStateException(
                    "the schedules could not be stored: " + e.getMessage(), e);
        }
    }

    /** The job of a target: created once, kept while triggers name it. */
    static JobKey job(Scheduler scheduler, String targetIdentity) throws SchedulerException {
        JobKey key = JobKey.jobKey("target-" + Sha256.hex(targetIdentity).substring(0, 16), GROUP);
        if (!scheduler.checkExists(key)) {
            JobDetail detail =
                    JobBuilder.newJob(ScheduledRunJob.class)
                            .withIdentity(key)
                            .withDescription(
                                    targetIdentity.substring(0, targetIdentity.indexOf(':')))
                            .storeDurably()
                            .requestRecovery()
                            .build();
            scheduler.addJob(detail, false);
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
        CronTrigger trigger =
                TriggerBuilder.newTrigger()
                        .withIdentity(key)
                        .forJob(job)
                        .usingJobData(SCHEDULE, s.name())
                        .usingJobData(DEFINITION, definition)
                        .withSchedule(cron)
                        .build();
        return trigger;
    }

    private static String definition(Schedule s, JobKey job) {
        return Sha256.hex(
                        String.join(
                                "\n",
                                s.cron(),
                                s.timeZone().getId(),
                                s.misfire().name(),
                                job.getName()))
                .substring(0, 16);
    }
}
