package storagebench.logformat.timing;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import storagebench.logformat.Parsed;

/** Turns timing records into steps: reads the times, dates them, numbers each server and test's runs. */
final class TimingRun {
    private final String step;
    private final DayClock clock;
    private final ZoneId zone;
    private final Map<String, Integer> runs = new HashMap<>();

    TimingRun(String step, DayClock clock, ZoneId zone) {
        this.step = step;
        this.clock = clock;
        this.zone = zone;
    }

    Parsed convert(TimingRow row) {
        if (row.problem() != null) {
            return new Parsed.Malformed(row.line(), row.problem(), row.text());
        }
        for (String column : TimingRow.COLUMNS) {
            String value = row.fields().get(column);
            if (value == null || value.isBlank()) {
                return new Parsed.Malformed(row.line(), column + " is empty", row.text());
            }
        }
        String server = row.fields().get("server").strip();
        String test = row.fields().get("test").strip();
        Optional<TimeValue> start = TimeValue.parse(row.fields().get("start"));
        Optional<TimeValue> end = TimeValue.parse(row.fields().get("end"));
        if (start.isEmpty() || end.isEmpty()) {
            String column = start.isEmpty() ? "start" : "end";
            return new Parsed.Malformed(
                    row.line(),
                    "cannot read "
                            + column
                            + " '"
                            + row.fields().get(column).strip()
                            + "': expected "
                            + TimeValue.FORMS,
                    row.text());
        }
        LocalDateTime startTime = clock.start(server, start.get());
        Instant from = startTime.atZone(zone).toInstant();
        Instant to = DayClock.end(startTime, end.get()).atZone(zone).toInstant();
        if (to.isBefore(from)) {
            return new Parsed.Malformed(row.line(), "end is before start", row.text());
        }
        long nanos;
        try {
            nanos = Duration.between(from, to).toNanos();
        } catch (ArithmeticException e) {
            return new Parsed.Malformed(row.line(), "end is too far after start", row.text());
        }
        int run = runs.merge(server + "\n" + test, 1, Integer::sum);
        Map<String, Double> metrics =
                start.get().date() == null || end.get().date() == null
                        ? Map.of("date_inferred", 1.0)
                        : Map.of();
        return new Parsed.Step(
                server + "/" + test + "/#" + run,
                factors(row, server, test),
                step,
                from,
                nanos,
                null,
                metrics,
                row.line());
    }

    /** server, test and the record's other columns. */
    private static Map<String, String> factors(TimingRow row, String server, String test) {
        Map<String, String> factors = new LinkedHashMap<>();
        factors.put("server", server);
        factors.put("test", test);
        row.fields()
                .forEach(
                        (name, value) -> {
                            if (!TimingRow.COLUMNS.contains(name)
                                    && value != null
                                    && !name.isBlank()) {
                                factors.put(name, value.strip());
                            }
                        });
        return factors;
    }
}
