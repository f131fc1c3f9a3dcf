package storagebench.compare;

import java.util.Locale;

/** A comparison in words: faster or slower by ×r [lo, hi], or no difference detected. */
final class Verdict {
    /** The level below which an adjusted p-value counts as a difference. */
    static final double ALPHA = 0.05;

    private Verdict() {}

    static String of(Pair pair, Double adjusted, boolean higher, String metric) {
        if (pair.n() < 2 || pair.baselineN() < 2) {
            return "n/a (n = " + Math.min(pair.n(), pair.baselineN()) + ")";
        }
        boolean differs =
                adjusted != null
                        && adjusted < ALPHA
                        && pair.low() != null
                        && (pair.low() > 1 || pair.high() < 1);
        if (!differs) {
            String more =
                    pair.repetitions() == null
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
        String words;
        if (!higher) {
            words = larger ? "slower" : "faster";
        } else {
            words = larger ? "higher " + metric + " (better)" : "lower " + metric + " (worse)";
        }
        String interval =
                larger
                        ? " [" + times(pair.low()) + ", " + times(pair.high()) + "]"
                        : " [" + times(1 / pair.high()) + ", " + times(1 / pair.low()) + "]";
        return words + " by " + times(larger ? r : 1 / r) + interval + pValue(adjusted);
    }

    /** ×310, ×2.99, ×1.05: three significant digits. */
    static String times(double ratio) {
        if (ratio >= 100) {
            return "×" + Math.round(ratio);
        }
        return "×" + String.format(Locale.ROOT, ratio >= 10 ? "%.1f" : "%.2f", ratio);
    }

    static String pValue(Double p) {
        if (p == null) {
            return "";
        }
        return p < 0.001 ? ", p < 0.001" : String.format(Locale.ROOT, ", p = %.3f", p);
    }
}
