package storagebench.html;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Collection;
import java.util.Locale;
import java.util.Objects;

/** A duration unit for a set of values: the largest in which the largest value is still at least 10. */
enum Scale {
    S("s", 1),
    MS("ms", 1e3),
    US("µs", 1e6);

    private final String symbol;
    private final double perSecond;

    Scale(String symbol, double perSecond) {
        this.symbol = symbol;
        this.perSecond = perSecond;
    }

    static Scale forSeconds(Collection<Double> seconds) {
        double largest =
                seconds.stream()
                        .filter(Objects::nonNull)
                        .mapToDouble(Double::doubleValue)
                        .max()
                        .orElse(0);
        if (largest >= 10) {
            return S;
        }
        return largest >= 0.01 ? MS : US;
    }

    String symbol() {
        return symbol;
    }

    Double of(Double seconds) {
        return seconds == null ? null : seconds * perSecond;
    }

    String format(Double seconds) {
        return seconds == null ? "" : significant(seconds * perSecond);
    }

    /** Three significant digits, no trailing zeros: 0.004, 12.3, 1,230 as 1230; tiny values as 1.2e-07. */
    static String significant(double value) {
        if (!Double.isFinite(value)) {
            return "";
        }
        if (value != 0 && Math.abs(value) < 1e-4) {
            return String.format(Locale.ROOT, "%.2g", value);
        }
        return new BigDecimal(value)
                .round(new MathContext(3, RoundingMode.HALF_EVEN))
                .stripTrailingZeros()
                .toPlainString();
    }
}
