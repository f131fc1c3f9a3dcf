package storagebench.compare;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * A change point in words, the ratio the way round that reads above 1 as {@code compare} writes it:
 * {@code ×1.08 slower since run r41 2026-11-30 02:30}; an improvement {@code ×1.08 faster}, and where
 * higher is better {@code ×1.25 higher (better)} or {@code ×1.11 lower (worse)}. Times are UTC.
 */
public final class ChangeSentence {
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT).withZone(ZoneOffset.UTC);

    private ChangeSentence() {}

    /** {@code ×1.08 slower since run r41 2026-11-30 02:30}. */
    public static String of(ChangePoint c, boolean higher) {
        return ratio(c, higher) + " since run " + c.runId() + " " + TIME.format(c.start());
    }

    /** {@code ×1.08 slower}, {@code ×1.08 faster}, {@code ×1.25 higher (better)}, {@code ×1.11 lower (worse)}. */
    public static String ratio(ChangePoint c, boolean higher) {
        double r = c.ratio();
        boolean larger = r > 1;
        String words;
        if (higher) {
            words = larger ? "higher (better)" : "lower (worse)";
        } else {
            words = larger ? "slower" : "faster";
        }
        double above = larger ? r : 1 / r;
        return (Double.isFinite(above) && above > 0 ? Verdict.times(above) : "×∞") + " " + words;
    }

    /** {@code p = 0.0004}, two significant digits; {@code p < 0.0001} below that. */
    public static String p(double p) {
        if (p < 0.0001) {
            return "p < 0.0001";
        }
        return "p = "
                + new BigDecimal(p).round(new MathContext(2)).stripTrailingZeros().toPlainString();
    }
}
