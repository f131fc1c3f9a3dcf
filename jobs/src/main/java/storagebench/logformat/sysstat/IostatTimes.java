package storagebench.logformat.sysstat;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The report times of {@code iostat -t}: ISO-8601 with an offset ({@code S_TIME_FORMAT=ISO},
 * {@code 2026-12-05T10:22:18+0000}: exact), or the C locale's {@code 12/05/26 10:22:42} and the
 * {@code 12/05/2026 10:22:42 AM} of English locales, which say no zone: those are read in {@code zone}.
 */
final class IostatTimes {
    /** A line that is a report time, whether or not it then reads. */
    static final Pattern LINE =
            Pattern.compile(
                    "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:[+-]\\d{2}:?\\d{2}|Z)?"
                            + "|\\d{2}/\\d{2}/\\d{2}(?:\\d{2})? \\d{1,2}:\\d{2}:\\d{2}(?: [AaPp][Mm])?");

    private static final DateTimeFormatter ISO_OFFSET =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss[xx][xxx][X]", Locale.ROOT);
    private static final List<DateTimeFormatter> LOCAL =
            List.of(
                    DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss", Locale.ROOT),
                    DateTimeFormatter.ofPattern("MM/dd/uu HH:mm:ss", Locale.ROOT),
                    DateTimeFormatter.ofPattern("MM/dd/uuuu HH:mm:ss", Locale.ROOT),
                    DateTimeFormatter.ofPattern("MM/dd/uuuu hh:mm:ss a", Locale.ENGLISH),
                    DateTimeFormatter.ofPattern("MM/dd/uu hh:mm:ss a", Locale.ENGLISH));

    private IostatTimes() {}

    /**
     * The time of a {@link #LINE}.
     *
     * @throws DateTimeException when it is not a date and time
     */
    static Instant parse(String text, ZoneId zone) {
        String upper = text.toUpperCase(Locale.ROOT);
        try {
            return OffsetDateTime.parse(upper, ISO_OFFSET).toInstant();
        } catch (DateTimeException e) {
            // no offset: a local time
        }
        for (DateTimeFormatter format : LOCAL) {
            try {
                return LocalDateTime.parse(upper, format).atZone(zone).toInstant();
            } catch (DateTimeException e) {
                // the next form
            }
        }
        throw new DateTimeException("not a date and time iostat -t prints: '" + text + "'");
    }
}
