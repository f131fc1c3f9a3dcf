package storagebench.report;

import java.util.Locale;

/** How durations are shown: the largest unit in which the slowest mean is still at least 10. */
enum DurationUnit {
    S("s", 1, 2),
    MS("ms", 1e3, 1),
    US("µs", 1e6, 1);

    private final String symbol;
    private final double perSecond;
    private final int decimals;

    DurationUnit(String symbol, double perSecond, int decimals) {
        this.symbol = symbol;
        this.perSecond = perSecond;
        this.decimals = decimals;
    }

    /** The unit for a set of durations whose largest mean is {@code seconds}. */
    static DurationUnit forLargest(double seconds) {
        if (seconds >= 10) {
            return S;
        }
        return seconds >= 0.01 ? MS : US;
    }

    String symbol() {
        return symbol;
    }

    String format(double seconds) {
        return String.format(Locale.ROOT, "%." + decimals + "f", seconds * perSecond);
    }

    /**
     * As {@link #format}, a positive value below one unit with three significant digits: a log-normal
     * interval's lower bound is above zero, and shows so ({@code 0.0412}, not {@code 0.0}).
     */
    String bound(double seconds) {
        double value = seconds * perSecond;
        return value > 0 && value < 1 ? String.format(Locale.ROOT, "%.3g", value) : format(seconds);
    }
}
