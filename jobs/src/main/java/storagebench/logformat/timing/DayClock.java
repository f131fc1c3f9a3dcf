package storagebench.logformat.timing;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.HashMap;
import java.util.Map;

/**
 * Gives a date to times written without one ({@code %time%}). Records are taken to be in the order
 * they ran, per server: a server's first start is on the first day; a start earlier than that
 * server's previous start is on the next day (so a log may span days); an end earlier than its
 * start is on the day after the start (a run across midnight). A gap of a whole day or more cannot
 * be seen. Per server, so that logs of several machines pasted one after another keep their days.
 */
final class DayClock {
    private final LocalDate firstDay;
    private final Map<String, LocalDateTime> lastStart = new HashMap<>();

    DayClock(LocalDate firstDay) {
        this.firstDay = firstDay;
    }

    LocalDateTime start(String server, TimeValue value) {
        LocalDateTime previous = lastStart.get(server);
        LocalDateTime start;
        if (value.date() != null) {
            start = value.date().atTime(value.time());
        } else {
            start = (previous == null ? firstDay : previous.toLocalDate()).atTime(value.time());
            if (previous != null && start.isBefore(previous)) {
                start = start.plusDays(1);
            }
        }
        lastStart.put(server, start);
        return start;
    }

    static LocalDateTime end(LocalDateTime start, TimeValue value) {
        if (value.date() != null) {
            return value.date().atTime(value.time());
        }
        LocalDateTime end = start.toLocalDate().atTime(value.time());
        return end.isBefore(start) ? end.plusDays(1) : end;
    }
}
