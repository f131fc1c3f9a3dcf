package storagebench.schedule;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.Trigger;
import org.quartz.TriggerKey;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import storagebench.config.Settings;

/**
 * The schedules in the job repository without a service: a Quartz scheduler on the same store that
 * never runs a job ({@code schedule list | next | pause | resume | trigger}). A running service sees
 * every change at its next look, a second or so later.
 */
public final class ScheduleStore implements AutoCloseable {
    private static final String NOT_HERE =
            String.join(
                    ",",
                    "org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration",
                    "org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration",
                    "org.springframework.boot.thymeleaf.autoconfigure.ThymeleafAutoConfiguration");

    private final ConfigurableApplicationContext context;

    private ScheduleStore(ConfigurableApplicationContext context) {
        this.context = context;
    }

    /** Opens the store and makes its schedules those of {@code schedules}. */
    public static ScheduleStore open(Settings settings, Schedules schedules) {
        ScheduleDatabase repository = ScheduleDatabase.of(settings);
        repository.ensureTables();
        ConfigurableApplicationContext context =
                new SpringApplicationBuilder(StoreConfiguration.class)
                        .web(WebApplicationType.NONE)
                        .bannerMode(Banner.Mode.OFF)
                        .registerShutdownHook(false)
                        .properties(repository.properties())
                        .properties(QuartzProperties.of(repository.url(), false))
                        .properties(Map.of("spring.autoconfigure.exclude", NOT_HERE))
                        .initializers(
                                c -> c.getBeanFactory().registerSingleton("schedules", schedules))
                        .run();
        ScheduleStore store = new ScheduleStore(context);
        ScheduleSync.sync(store.scheduler(), schedules);
        return store;
    }

    public ScheduleControl control() {
        return context.getBean(ScheduleControl.class);
    }

    Scheduler scheduler() {
        return context.getBean(Scheduler.class);
    }

    /** The next {@code count} firing times of a schedule's trigger (none when it is paused, disabled or broken). */
    public List<Instant> next(String schedule, int count) {
        try {
            Trigger trigger =
                    scheduler().getTrigger(TriggerKey.triggerKey(schedule, ScheduleSync.GROUP));
            if (trigger == null
                    || scheduler().getTriggerState(trigger.getKey())
                            == Trigger.TriggerState.PAUSED) {
                return List.of();
            }
            List<Instant> times = new ArrayList<>();
            Date next = trigger.getNextFireTime();
            while (next != null && times.size() < count) {
                times.add(next.toInstant());
                next = trigger.getFireTimeAfter(next);
            }
            return times;
        } catch (SchedulerException e) {
            throw new IllegalStateException(
                    "the schedules could not be read: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        context.close();
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class StoreConfiguration {
        @Bean
        Firings firings(DataSource dataSource) {
            return new Firings(dataSource);
        }

        @Bean
        ScheduleControl scheduleControl(
                Scheduler scheduler, Schedules schedules, Firings firings, DataSource dataSource) {
            return new ScheduleControl(scheduler, schedules, firings, dataSource);
        }
    }
}
