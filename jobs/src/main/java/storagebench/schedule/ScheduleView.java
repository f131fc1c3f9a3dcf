package storagebench.schedule;

import java.time.Instant;

/**
 * A schedule as the service and {@code schedule list} show it.
 *
 * @param hosts the hosts it runs on, as its file writes them ({@code any}, {@code all}, {@code [db-1,
 *     db-2]}, {@code {role: replica}})
 * @param state NORMAL, PAUSED, DISABLED (enabled: false), BROKEN (its
 *     experiment does not load)
 * @param next when it fires next, or null
 * @param previous when it fired last, or null
 * @param last its latest firing, or null
 * @param problem why it is broken, or null
 */
public record ScheduleView(
        String name,
        String experiment,
        String cron,
        String timeZone,
        String hosts,
        String state,
        Instant next,
        Instant previous,
        Firing last,
        String problem) {}
