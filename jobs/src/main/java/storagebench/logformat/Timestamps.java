package storagebench.logformat;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAccessor;
import java.util.Locale;

/**
 * Reads the wall-clock times of logs. A time without an offset is UTC: logs rarely say their
 * zone, and guessing the importing machine's zone would make the same file import differently.
 */
public final class Timestamps {
    /** Names of the formats that are not java.time patterns. */
    public static final String ISO = "iso";

    public static final String EPOCH_S = "epoch-s";
    public static final String EPOCH_MS = "epoch-ms";

    /**
     * ISO-8601 with {@code T} or a space, any fraction (SQL Server's {@code .fff} and datetime2's
     * seven digits), and an optional offset, also after a space as datetimeoffset prints it.
     */
    private static final DateTimeFormatter DEFAULT =
            new DateTimeFormatterBuilder()
                    .parseCaseInsensitive()
                    .append(DateTimeFormatter.ISO_LOCAL_DATE)
                    .optionalStart()
                    .appendLiteral('T')
                    .optionalEnd()
                    .optionalStart()
                    .appendLiteral(' ')
                    .optionalEnd()
                    .append(DateTimeFormatter.ISO_LOCAL_TIME)
                    .optionalStart()
                    .appendLiteral(' ')
                    .optionalEnd()
                    .optionalStart()
                    .appendOffsetId()
                    .optionalEnd()
                    .toFormatter(Locale.ROOT);

    private final String format;
    private final DateTimeFormatter formatter;

    private Timestamps(String format, DateTimeFormatter formatter) {
        this.format = format;
        this.formatter = formatter;
    }

    public static Timestamps iso() {
        return new Timestamps(ISO, DEFAULT);
    }

    /**
     * {@value #ISO}, {@value #EPOCH_S}, {@value #EPOCH_MS} or a java.time pattern such as
     * {@code dd.MM.yyyy HH:mm:ss}.
     *
     * @throws IllegalArgumentException when the pattern is not valid
     */
    public static Timestamps of(String format) {
        return switch (format) {
            case ISO -> iso();
            case EPOCH_S, EPOCH_MS -> new Timestamps(format, null);
            default -> new Timestamps(format, DateTimeFormatter.ofPattern(format, Locale.ROOT));
        };
    }

    /**
     * The time to the microsecond, as events keep it.
     *
     * @throws DateTimeException when the text is not a time in this format
     */
    public Instant parse(String text) {
        return read(text.trim()).truncatedTo(ChronoUnit.MICROS);
    }

    private Instant read(String value) {
        if (formatter == null) {
            try {
                long micros =
                        new BigDecimal(value)
                                .movePointRight(format.equals(EPOCH_S) ? 6 : 3)
                                .setScale(0, RoundingMode.HALF_UP)
                                .longValueExact();
                return Instant.EPOCH.plus(micros, ChronoUnit.MICROS);
            } catch (NumberFormatException | ArithmeticException e) {
                throw new DateTimeException(
                        "not a number of " + (format.equals(EPOCH_S) ? "seconds" : "milliseconds"));
            }
        }
        TemporalAccessor parsed =
                formatter.parseBest(
                        value, ZonedDateTime::from, LocalDateTime::from, LocalDate::from);
        if (parsed instanceof ZonedDateTime zoned) {
            return zoned.toInstant();
        }
        if (parsed instanceof LocalDateTime local) {
            return local.toInstant(ZoneOffset.UTC);
        }
        return ((LocalDate) parsed).atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    @Override
    public String toString() {
        return format.equals(ISO)
                ? "ISO-8601 (yyyy-MM-dd HH:mm:ss[.fff][ offset], UTC if none)"
                : format;
    }
}
