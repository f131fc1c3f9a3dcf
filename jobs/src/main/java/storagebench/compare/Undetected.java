package storagebench.compare;

import java.util.Locale;

/**
 * Why a difference of more than {@value #WIDE}× between two means was not detected: the trials per
 * side, how widely they spread, and how many would settle it.
 */
final class Undetected {
    /** A ratio of means beyond which "no difference detected" needs a reason beside it. */
    static final double WIDE = 2;

    private Undetected() {}

    /** The reason, starting with the separator, or null where the means are within ×2. */
    static String why(Pair pair) {
        double r = pair.ratioOfMeans();
        if (!(r > 0) || Double.isInfinite(r) || (r <= WIDE && r >= 1 / WIDE)) {
            return null;
        }
        Spread spread = pair.spread();
        String n =
                pair.n() == pair.baselineN()
                        ? "n = " + pair.n() + " per side"
                        : "n = " + pair.n() + " and " + pair.baselineN();
        StringBuilder out =
                new StringBuilder(": the means differ by ")
                        .append(Verdict.times(r > 1 ? r : 1 / r))
                        .append(", but with ")
                        .append(n);
        if (spread != null && Double.isFinite(spread.cv())) {
            out.append(" the spread (CV ")
                    .append(String.format(Locale.ROOT, "%.0f%%", 100 * spread.cv()))
                    .append(") is wider than the difference");
        } else {
            out.append(" the spread is wider than the difference");
        }
        if (spread != null && spread.settle() != null) {
            out.append("; about ").append(spread.settle()).append(" repetitions would settle it");
        }
        return out.toString();
    }
}
