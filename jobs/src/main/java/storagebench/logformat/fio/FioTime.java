package storagebench.logformat.fio;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A time option as fio reads it ({@code ramp_time}, {@code startdelay}, …): a whole number with an
 * optional unit — {@code d}, {@code h}, {@code m}, {@code s}, {@code ms} or {@code msec}, {@code us} or
 * {@code usec} — seconds without one. A range ({@code 1-5}, {@code 1:5}, as {@code startdelay} takes) is
 * read as its low end, the least fio can have waited.
 */
final class FioTime {
    private static final Pattern TIME =
            Pattern.compile("(\\d{1,18})\\s*(d|h|m|s|ms|msec|us|usec)?", Pattern.CASE_INSENSITIVE);

    private FioTime() {}

    /**
     * The value in milliseconds; 0 for an empty value and for one that is not a time.
     *
     * @throws ArithmeticException for a value beyond any clock's range
     */
    static long millis(String value) {
        String low = value.strip().split("[-:]", 2)[0].strip();
        Matcher m = TIME.matcher(low);
        if (!m.matches()) {
            return 0;
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2).toLowerCase(Locale.ROOT);
        switch (unit) {
            case "d":
                return Math.multiplyExact(n, 86_400_000L);
            case "h":
                return Math.multiplyExact(n, 3_600_000L);
            case "m":
                return Math.multiplyExact(n, 60_000L);
            case "ms":
            case "msec":
                return n;
            case "us":
            case "usec":
                return n / 1000;
            default:
                return Math.multiplyExact(n, 1000L);
        }
    }
}
