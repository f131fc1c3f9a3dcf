package storagebench.schedule;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import javax.sql.DataSource;
import org.quartz.JobKey;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.SimpleScheduleBuilder;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.quartz.TriggerKey;
import org.springframework.jdbc.core.JdbcTemplate;
import storagebench.BadInputException;

/**
 * What a person does with schedules — list them, pause, resume, fire one now — against the job
 * repository: a running service (or several) sees it at its next look (about a second), and nothing
 * is lost while none runs.
 */
public final class ScheduleControl {
    /** How recently a service must have checked in to count as running. */
    private static final long ALIVE_MS = 30_000;

    private final Scheduler scheduler;
    private final Schedules schedules;
    private final Firings firings;
    private final JdbcTemplate jdbc;

    public ScheduleControl(
            Scheduler scheduler, Schedules schedules, Firings firings, DataSource dataSource) {
        this.scheduler = scheduler;
        this.schedules = schedules;
        this.firings = firings;
        this.jdbc = new JdbcTemplate(dataSource);
    }

    public Schedules schedules() {
        return schedules;
    }

    public List<ScheduleView> list() {
        List<ScheduleView> views = new ArrayList<>();
        try {
            for (Schedule s : schedules.all()) {
                Trigger trigger = scheduler.getTrigger(key(s.name()));
                String state;
                if (schedules.broken(s.name()).isPresent()) {
                    state = "BROKEN";
                } else if (!s.enabled() || trigger == null) {
                    state = "DISABLED";
                } else {
                    Trigger.TriggerState t = scheduler.getTriggerState(trigger.getKey());
                    state = t == Trigger.TriggerState.PAUSED ? "PAUSED" : "NORMAL";
                }
                List<Firing> past = firings.of(s.name());
                views.add(
                        new ScheduleView(
                                s.name(),
                                s.experiment().toString(),
                                s.written(),
                                s.timeZone().getId(),
                                s.hosts().written(),
                                state,
                                instant(trigger == null ? null : trigger.getNextFireTime()),
                                previous(trigger, past),
                                past.isEmpty() ? null : past.get(0),
                                schedules.broken(s.name()).orElse(null)));
            }
        } catch (SchedulerException e) {
            throw new IllegalStateException(
                    "the schedules could not be read: " + e.getMessage(), e);
        }
        return views;
    }

    public void pause(String name) {
        try {
            scheduler.pauseTrigger(enabled(name));
        } catch (SchedulerException e) {
            throw new IllegalStateException("cannot pause " + name + ": " + e.getMessage(), e);
        }
    }

    public void resume(String name) {
        try {
            scheduler.resumeTrigger(enabled(name));
        } catch (SchedulerException e) {
            throw new IllegalStateException("cannot resume " + name + ": " + e.getMessage(), e);
        }
    }

    /**
     * Fires a schedule once, now (paused or not).
     *
     * @return the one-off trigger's name
     */
    public String trigger(String name) {
        enabled(name);
        try {
            return once(JobKey.jobKey(name, ScheduleSync.GROUP), name, null);
        } catch (SchedulerException e) {
            throw new IllegalStateException("cannot fire " + name + ": " + e.getMessage(), e);
        }
    }

    /** Fires once a continuation of each firing whose run the service's end interrupted. */
    public int continueInterrupted() {
        int n = 0;
        for (Firing f : firings.interrupted()) {
            if (schedules.get(f.schedule()).isPresent() && f.runId() != null) {
                try {
                    once(JobKey.jobKey(f.schedule(), ScheduleSync.GROUP), f.schedule(), f.id());
                    n++;
                } catch (SchedulerException e) {
                    throw new IllegalStateException(
                            "cannot continue run " + f.runId() + ": " + e.getMessage(), e);
                }
            }
        }
        return n;
    }

    /** Whether a service has checked in with the job repository lately. */
    public boolean serviceRunning() {
        Long last =
                jdbc.queryForObject(
                        "SELECT MAX(LAST_CHECKIN_TIME) FROM QRTZ_SCHEDULER_STATE", Long.class);
        return last != null && System.currentTimeMillis() - last < ALIVE_MS;
    }

    private String once(JobKey job, String schedule, String firing) throws SchedulerException {
        String name = "once." + schedule + "." + System.currentTimeMillis();
        TriggerBuilder<Trigger> builder =
                TriggerBuilder.newTrigger()
                        .withIdentity(name, ScheduleSync.ONCE)
                        .forJob(job)
                        .usingJobData(ScheduleSync.SCHEDULE, schedule);
        if (firing != null) {
            builder.usingJobData(ScheduledRunJob.FIRING, firing);
        }
        scheduler.scheduleJob(
                builder.startNow()
                        .withSchedule(
                                SimpleScheduleBuilder.simpleSchedule()
                                        .withMisfireHandlingInstructionFireNow())
                        .build());
        return name;
    }

    /** The trigger of an enabled schedule that exists, or bad input naming the ones there are. */
    private TriggerKey enabled(String name) {
        Schedule s =
                schedules
                        .get(name)
                        .orElseThrow(
                                () ->
                                        new BadInputException(
                                                "no schedule named '"
                                                        + name
                                                        + "'; the schedules are: "
                                                        + String.join(
                                                                ", ",
                                                                schedules.all().stream()
                                                                        .map(Schedule::name)
                                                                        .toList())));
        if (!s.enabled()) {
            throw new BadInputException(
                    "schedule '"
                            + name
                            + "' is disabled (enabled: false in "
                            + schedules.file()
                            + ")");
        }
        try {
            TriggerKey key = key(name);
            if (!scheduler.checkExists(key)) {
                throw new BadInputException(
                        "schedule '"
                                + name
                                + "' is not in the job repository yet; start the service once");
            }
            return key;
        } catch (SchedulerException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    private static TriggerKey key(String name) {
        return TriggerKey.triggerKey(name, ScheduleSync.GROUP);
    }

    /**
     * When a schedule fired last: by its cron trigger or by a one-off one (fired now, a continuation),
     * which Quartz counts as another trigger's firing, so the latest of the two.
     */
    private static Instant previous(Trigger trigger, List<Firing> past) {
        Instant cron = instant(trigger == null ? null : trigger.getPreviousFireTime());
        Instant fired = past.isEmpty() ? null : past.get(0).fired();
        if (cron == null || fired == null) {
            return cron == null ? fired : cron;
        }
        return cron.isAfter(fired) ? cron : fired;
    }

    private static Instant instant(Date date) {
        return date == null ? null : date.toInstant();
    }
}
