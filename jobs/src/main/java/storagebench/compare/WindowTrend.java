package storagebench.compare;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.inference.MannWhitneyUTest;

/**
 * The window method: the latest run's trials against those of the runs before it (at most the
 * window, of its own configuration): the Mann–Whitney U test, a regression when p is below the level
 * and the latest mean is worse.
 */
final class WindowTrend {
    static final String TEST =
            "Mann-Whitney U test of the latest run's trials against the window's";

    private WindowTrend() {}

    static TrendJudgement judge(TrendSeries s, TrendOptions options) {
        List<Trend.RunMean> runs = s.runs();
        Trend.RunMean latest = s.latest();
        List<Trend.RunMean> before =
                runs.subList(
                        Math.max(s.since(), runs.size() - 1 - options.window()), runs.size() - 1);
        if (before.isEmpty()) {
            return TrendJudgement.none(0, s.nothingYet());
        }
        double[] latestValues = s.trials().get(latest.runId());
        double[] windowValues =
                before.stream()
                        .flatMapToDouble(r -> Arrays.stream(s.trials().get(r.runId())))
                        .toArray();
        double p = MannWhitneyUTest.withDefaults().test(latestValues, windowValues).getPValue();
        return judge(
                s, before.size(), latest.mean(), Mean.of(windowValues).getAsDouble(), p, options);
    }

    private static TrendJudgement judge(
            TrendSeries s,
            int window,
            double latestMean,
            double windowMean,
            double p,
            TrendOptions options) {
        boolean worse = s.higher() ? latestMean < windowMean : latestMean > windowMean;
        boolean regression = Double.isFinite(p) && p < options.p() && worse;
        String change = String.format(Locale.ROOT, "%+.1f%%", 100 * (latestMean / windowMean - 1));
        String verdict =
                (regression ? "REGRESSION: " : "")
                        + "latest run "
                        + s.latest().runId()
                        + " "
                        + change
                        + " against the mean of the "
                        + window
                        + " run(s) before it"
                        + s.ofConfiguration()
                        + (Double.isFinite(p) ? String.format(Locale.ROOT, " (p = %.3g)", p) : "")
                        + (regression ? "" : "; no regression");
        return new TrendJudgement(
                window, TEST, Double.isFinite(p) ? p : null, regression, verdict, List.of());
    }
}
