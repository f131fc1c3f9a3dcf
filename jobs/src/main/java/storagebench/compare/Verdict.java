package storagebench.compare;

import java.util.Locale;

/** A comparison in words: faster or slower by ×r [lo, hi], or no difference detected. */
final class Verdict {
    /** The level below which an adjusted p-value counts as a difference. */
    static final double ALPHA = 0.05;

    private Verdict() {}

    static String of(Pair pair, Double adjusted, boolean higher, String metric) {
        if (pair.n() < 2 || pair.baselineN() < 2) {
            String na = "n/a (n = " + Math.min(pair.n(), pair.baselineN()) + ")";
            double r = pair.ratioOfMeans();
            if (!(r > 0) || Double.isInfinite(r)) {
                return na;
            }
            if (r == 1) {
                return na + ": equal as measured, no interval or test";
            }
            // a published figure of one trial a side (seed 004's restore times) still has its ratio
            return na + ": " + by(r, higher, metric) + " as measured, no interval or test";
        }
        boolean differs = differs(adjusted, pair.low(), pair.high());
        if (!differs) {
            String why = Undetected.why(pair);
            String more =
                    why != null
                            ? why
                            : pair.repetitions() == null
                                    ? ""
                                    : "; about "
                                            + pair.repetitions()
                                            + " repetitions would detect "
                                            + Math.round(Pair.DETECT * 100)
                                            + "%";
            return "no difference detected (n = "
                    + pair.n()
                    + " vs "
                    + pair.baselineN()
                    + pValue(adjusted)
                    + ")"
                    + more;
        }
        double r = pair.ratioOfMeans();
        boolean larger = r > 1;
        String interval =
                larger
                        ? " [" + times(pair.low()) + ", " + times(pair.high()) + "]"
                        : " [" + times(1 / pair.high()) + ", " + times(1 / pair.low()) + "]";
        return by(r, higher, metric) + interval + pValue(adjusted);
    }

    /** The ratio in words, the way round that reads above 1: "slower by ×2.99", "higher nopm (better) by ×1.25". */
    /** Whether a comparison found a difference: Holm's p below 0.05 and an interval without 1. */
    static boolean differs(Double adjusted, Double low, Double high) {
        return adjusted != null && adjusted < ALPHA && low != null && (low > 1 || high < 1);
    }

    private static String by(double ratio, boolean higher, String metric) {
        boolean larger = ratio > 1;
        String words;
        if (!higher) {
            words = larger ? "slower" : "faster";
        } else {
            words = larger ? "higher " + metric + " (better)" : "lower " + metric + " (worse)";
        }
        return words + " by " + times(larger ? ratio : 1 / ratio);
    }

    /** ×310, ×2.99, ×1.05: three significant digits. */
    static String times(double ratio) {
        if (ratio >= 100) {
            return "×" + Math.round(ratio);
        }
        return "×" + String.format(Locale.ROOT, ratio >= 10 ? "%.1f" : "%.2f", ratio);
    }

    /**
     * {@code , p = 0.031}: three decimals, or as many more (up to six) as it takes to tell which side
     * of {@value #ALPHA} p is on (p = 0.0496 beside a difference, not p = 0.050); {@code , p < 0.001}
     * below that.
     */
    static String pValue(Double p) {
        if (p == null) {
            return "";
        }
        if (p < 0.001) {
            return ", p < 0.001";
        }
        String shown = String.format(Locale.ROOT, "%.3f", p);
        for (int decimals = 4;
                decimals <= 6 && p != ALPHA && Double.parseDouble(shown) == ALPHA;
                decimals++) {
            shown = String.format(Locale.ROOT, "%." + decimals + "f", p);
        }
        return ", p = " + shown;
    }
}
