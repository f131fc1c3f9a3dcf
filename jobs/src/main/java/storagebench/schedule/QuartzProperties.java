package storagebench.schedule;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Spring Boot's Quartz settings for a scheduler on the job repository: the JDBC store, clustered (so
 * several services on one repository fire each trigger once, and a dead one's firings are recovered),
 * job data as text, a look for due triggers every second.
 */
public final class QuartzProperties {
    /** A firing this late (no service ran, or every worker was busy) follows its schedule's misfire. */
    public static final Duration MISFIRE = Duration.ofSeconds(10);

    private QuartzProperties() {}

    /**
     * @param url the job repository's JDBC URL (it picks Quartz's delegate for the database)
     * @param start whether the scheduler runs jobs (the service) or only reads and changes the store (the
     *     {@code schedule} command)
     */
    public static Map<String, Object> of(String url, boolean start) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("spring.quartz.job-store-type", "jdbc");
        p.put("spring.quartz.jdbc.initialize-schema", "never");
        p.put("spring.quartz.scheduler-name", "storagebench");
        p.put("spring.quartz.auto-startup", String.valueOf(start));
        p.put("spring.quartz.wait-for-jobs-to-complete-on-shutdown", "false");
        p.put("spring.quartz.overwrite-existing-jobs", "false");
        String q = "spring.quartz.properties.org.quartz.";
        p.put(q + "scheduler.instanceId", "AUTO");
        p.put(q + "scheduler.idleWaitTime", "1000");
        p.put(q + "threadPool.threadCount", "4");
        p.put(q + "jobStore.isClustered", "true");
        p.put(q + "jobStore.clusterCheckinInterval", "5000");
        p.put(q + "jobStore.driverDelegateClass", ScheduleSchema.delegate(url));
        p.put(q + "jobStore.useProperties", "true");
        p.put(q + "jobStore.misfireThreshold", String.valueOf(MISFIRE.toMillis()));
        p.put(q + "jobStore.acquireTriggersWithinLock", "true");
        p.put(q + "jobStore.dbRetryInterval", "5000");
        return p;
    }
}
