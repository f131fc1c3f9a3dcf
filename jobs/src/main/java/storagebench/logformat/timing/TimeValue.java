package storagebench.logformat.timing;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A start or end time as a timing log writes it: {@code yyyy-MM-dd HH:mm:ss[.fff]} (or with
 * {@code T}), or the time alone as Windows' {@code %time%} prints it, {@code H:mm:ss[,ff]} with a
 * space before a one-digit hour. The fraction may follow {@code .} or {@code ,}; seconds may be
 * left out.
 *
 * @param date the date, or null when only the time was written
 * @param time the time of day
 */
record TimeValue(LocalDate date, LocalTime time) {
    private static final Pattern VALUE =
            Pattern.compile(
                    "(?:(\\d{4})-(\\d{2})-(\\d{2})[ T]\\s*)?(\\d{1,2}):(\\d{2})(?::(\\d{2})(?:[.,](\\d{1,9}))?)?");

    static final String FORMS = "yyyy-MM-dd HH:mm:ss[.fff] or H:mm:ss[,ff]";

    static Optional<TimeValue> parse(String text) {
        Matcher m = VALUE.matcher(text.strip());
        if (!m.matches()) {
            return Optional.empty();
        }
        try {
            LocalDate date =
                    m.group(1) == null
                            ? null
                            : LocalDate.of(
                                    Integer.parseInt(m.group(1)),
                                    Integer.parseInt(m.group(2)),
                                    Integer.parseInt(m.group(3)));
            String fraction = m.group(7) == null ? "" : m.group(7);
            int nanos =
                    fraction.isEmpty()
                            ? 0
                            : Integer.parseInt((fraction + "00000000").substring(0, 9));
            LocalTime time =
                    LocalTime.of(
                            Integer.parseInt(m.group(4)),
                            Integer.parseInt(m.group(5)),
                            m.group(6) == null ? 0 : Integer.parseInt(m.group(6)),
                            nanos);
            return Optional.of(new TimeValue(date, time));
        } catch (DateTimeException e) {
            return Optional.empty();
        }
    }
}
