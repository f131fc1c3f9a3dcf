package storagebench.compare;

import java.util.List;

/**
 * The change point method: E-Divisive means over the run means of the latest configuration's runs
 * ({@link ChangePoints}); the latest run is a regression when a worse change point lies within the
 * last {@code recent} runs and was not raised one run earlier.
 */
final class ChangePointTrend {
    static final String TEST =
            "E-Divisive means over the run means, each split by the Mann-Whitney U test of its runs";

    private ChangePointTrend() {}

    static TrendJudgement judge(TrendSeries s, TrendOptions options) {
        List<Trend.RunMean> runs = s.runs();
        int size = runs.size();
        int length = size - s.since();
        if (length == 1) {
            return TrendJudgement.none(0, s.nothingYet());
        }
        if (length < 2 * EDivisive.MIN_SEGMENT) {
            return TrendJudgement.none(
                    length - 1,
                    length
                            + " runs"
                            + s.ofConfiguration()
                            + ": too few for a change point (at least "
                            + 2 * EDivisive.MIN_SEGMENT
                            + ")");
        }
        List<ChangePoint> now = ChangePoints.of(runs, s.since(), options, s.higher());
        ChangePoint raised = ChangePoints.raised(now, size, List.of(), options.recent());
        if (raised != null && length - 1 >= 2 * EDivisive.MIN_SEGMENT) {
            // raised now unless the series without its latest run had it already
            List<ChangePoint> before =
                    ChangePoints.of(runs.subList(0, size - 1), s.since(), options, s.higher());
            raised = ChangePoints.raised(now, size, before, options.recent());
        }
        ChangePoint last = now.isEmpty() ? null : now.get(now.size() - 1);
        String verdict;
        if (raised != null) {
            verdict = "REGRESSION: " + sentence(raised, size, s.higher());
        } else if (last == null) {
            verdict =
                    "no change point in "
                            + length
                            + " runs"
                            + s.ofConfiguration()
                            + "; no regression"
                            + tooFew(length, options.p());
        } else {
            boolean reported = last.worse() && last.index() >= size - options.recent();
            verdict =
                    "latest change: "
                            + sentence(last, size, s.higher())
                            + (reported
                                    ? "; found one run earlier, no new regression"
                                    : "; no regression");
        }
        ChangePoint about = raised != null ? raised : last;
        return new TrendJudgement(
                length - 1, TEST, about == null ? null : about.p(), raised != null, verdict, now);
    }

    /** {@code ×1.08 slower since run r41 2026-11-30 02:30 (2 runs at the new level, p = 0.0004)}. */
    private static String sentence(ChangePoint c, int size, boolean higher) {
        return ChangeSentence.of(c, higher)
                + " ("
                + (size - c.index())
                + " runs at the new level, "
                + ChangeSentence.p(c.p())
                + ")";
    }

    /** Why a short series shows no change: the rank test's least p with so few runs. */
    private static String tooFew(int length, double alpha) {
        int fewest = RankSumTest.fewestAfter(length, alpha);
        if (fewest < 0) {
            return " (with "
                    + length
                    + " runs no change can reach p < "
                    + alpha
                    + ": --method window judges the latest run by its trials)";
        }
        return fewest > EDivisive.MIN_SEGMENT
                ? " (with "
                        + length
                        + " runs a change shows after "
                        + fewest
                        + " runs at its level)"
                : "";
    }
}
