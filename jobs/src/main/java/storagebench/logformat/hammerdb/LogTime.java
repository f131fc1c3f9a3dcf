package storagebench.logformat.hammerdb;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.TextStyle;
import java.util.Locale;
import java.util.Set;
import java.util.TimeZone;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The time of a {@code Hammerdb Log @ Tue Jun 04 12:00:01 CEST 2024} line, or of a time profile report's
 * header, as Tcl's {@code clock format} writes it after the {@code @}: the weekday (not checked), month, day, time, the zone's abbreviation or offset, and the
 * year. Read in the {@code zone} option's zone when there is one (whatever the zone is called there, say
 * {@code W. Europe Daylight Time}); else in the zone the abbreviation names,
 * with the offset it names (CET +01:00 and CEST +02:00 of the same zone). An abbreviation several zones
 * share is read as BST Europe/London, CST America/Chicago, IST Asia/Kolkata.
 */
final class LogTime {
    static final String HEADER = "Hammerdb Log @";
    private static final Pattern AT =
            Pattern.compile(
                    ".*@\\s*\\p{Alpha}{3}\\s+(\\p{Alpha}{3}\\s+\\d{1,2}\\s+\\d{1,2}:\\d{2}:\\d{2})"
                            + "\\s+(.+?)\\s+(\\d{4})\\s*");
    private static final DateTimeFormatter LOCAL =
            new DateTimeFormatterBuilder()
                    .parseCaseInsensitive()
                    .appendPattern("MMM d H:mm:ss yyyy")
                    .toFormatter(Locale.ENGLISH);
    private static final DateTimeFormatter ABBREVIATION =
            new DateTimeFormatterBuilder()
                    .appendZoneText(
                            TextStyle.SHORT,
                            Set.of(
                                    ZoneId.of("Europe/London"),
                                    ZoneId.of("America/Chicago"),
                                    ZoneId.of("Asia/Kolkata")))
                    .toFormatter(Locale.ENGLISH);
    private static final Pattern OFFSET = Pattern.compile("[+-]\\d{2}(?::?\\d{2})?");

    private LogTime() {}

    /**
     * The time of a log header ({@code Hammerdb Log @ …}, when the log began) or of a time profile
     * report's ({@code … Hammerdb Time Profile Report @ …}, when it was written).
     *
     * @param zone the {@code zone} option, or null to read the header's own abbreviation
     * @throws DateTimeException with the reason, when the header's time does not read
     */
    static Instant of(String header, ZoneId zone) {
        Matcher m = AT.matcher(header);
        if (!m.matches()) {
            throw new DateTimeException(
                    "a header without a time as HammerDB writes it, e.g. '"
                            + HEADER
                            + " Tue Jun 04 12:00:01 CEST 2024'");
        }
        LocalDateTime local =
                LocalDateTime.parse(m.group(1).replaceAll("\\s+", " ") + " " + m.group(3), LOCAL);
        if (zone != null) {
            return local.atZone(zone).toInstant();
        }
        return local.toInstant(offset(m.group(2), local));
    }

    /** The offset an abbreviation or a numeric offset names at {@code local}. */
    private static ZoneOffset offset(String named, LocalDateTime local) {
        if (OFFSET.matcher(named).matches()) {
            return ZoneOffset.of(
                    named.length() == 5 ? named.substring(0, 3) + ":" + named.substring(3) : named);
        }
        ZoneId zone;
        try {
            zone = ZoneId.from(ABBREVIATION.parse(named));
        } catch (DateTimeException e) {
            throw new DateTimeException(
                    "a log time in '"
                            + named
                            + "', which is not a zone abbreviation or offset Java knows: give"
                            + " --option zone=ID, e.g. --option zone=Europe/Copenhagen");
        }
        ZoneOffset standard = zone.getRules().getStandardOffset(local.atZone(zone).toInstant());
        TimeZone names = TimeZone.getTimeZone(zone);
        boolean daylight =
                named.equals(names.getDisplayName(true, TimeZone.SHORT, Locale.ENGLISH))
                        && !named.equals(
                                names.getDisplayName(false, TimeZone.SHORT, Locale.ENGLISH));
        return daylight
                ? ZoneOffset.ofTotalSeconds(
                        standard.getTotalSeconds() + names.getDSTSavings() / 1000)
                : standard;
    }
}
