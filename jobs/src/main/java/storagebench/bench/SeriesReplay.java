package storagebench.bench;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import storagebench.compare.ChangePoint;
import storagebench.compare.ChangePoints;
import storagebench.compare.SplitTest;
import storagebench.compare.Trend;
import storagebench.compare.TrendOptions;
import storagebench.compare.Trends;
import storagebench.report.TrialValue;

/**
 * One synthetic series judged as a scheduled check judges it, after every run, by one method: the
 * regressions it raises (the latest run's index and, for change points, the position it names), and
 * for change points the change points of the whole series, as {@code trend} shows them. The change
 * point method runs through {@link ChangePoints} (what {@code trend} runs for each series, the series
 * without its latest run the one detected one run earlier); the window method through {@link Trends}.
 *
 * @param alarms each regression raised: {latest run, position}, the position the change point's index
 *     (the window method: the latest run)
 * @param whole the change points of the whole series (none for the window method)
 */
record SeriesReplay(List<int[]> alarms, List<ChangePoint> whole) {
    static final Instant T0 = Instant.parse("2026-01-01T02:00:00Z");

    /** The methods compared. */
    enum Method {
        /** change points, the splits tested by the rank-sum test: trend's default */
        CHANGEPOINT("changepoint"),
        /** change points, the splits tested by Student's t-test (Apache Otava's choice) */
        CHANGEPOINT_T("changepoint, Student's t"),
        /** the latest run's trials against the 5 runs before it */
        WINDOW("window");

        final String label;

        Method(String label) {
            this.label = label;
        }
    }

    static SeriesReplay of(SyntheticSeries s, Method method) {
        return method == Method.WINDOW
                ? window(s)
                : changePoints(
                        s, method == Method.CHANGEPOINT ? SplitTest.RANK_SUM : SplitTest.STUDENT_T);
    }

    private static SeriesReplay changePoints(SyntheticSeries s, SplitTest test) {
        List<Trend.RunMean> runs = runMeans(s.means());
        TrendOptions options = TrendOptions.DEFAULT;
        List<int[]> alarms = new ArrayList<>();
        List<ChangePoint> before = List.of();
        for (int k = 1; k <= runs.size(); k++) {
            List<ChangePoint> now = ChangePoints.of(runs.subList(0, k), 0, options, false, test);
            ChangePoint raised = ChangePoints.raised(now, k, before, options.recent());
            if (raised != null) {
                alarms.add(new int[] {k - 1, raised.index()});
            }
            before = now;
        }
        return new SeriesReplay(alarms, before);
    }

    private static SeriesReplay window(SyntheticSeries s) {
        List<TrialValue> values = new ArrayList<>();
        for (int r = 0; r < s.runs(); r++) {
            for (double v : s.trials()[r]) {
                values.add(
                        new TrialValue(
                                "synthetic",
                                "host",
                                "",
                                runId(r),
                                "v",
                                Map.of(),
                                "step",
                                values.size(),
                                T0.plusSeconds(86_400L * r),
                                v));
            }
        }
        TrendOptions options = TrendOptions.window(5);
        List<int[]> alarms = new ArrayList<>();
        for (int k = 2; k <= s.runs(); k++) {
            Trend t =
                    Trends.of(values.subList(0, k * SyntheticSeries.TRIALS), "duration", options)
                            .get(0);
            if (t.regression()) {
                alarms.add(new int[] {k - 1, k - 1});
            }
        }
        return new SeriesReplay(alarms, List.of());
    }

    /** A run a day from {@link #T0}, {@code r0000} on. */
    static List<Trend.RunMean> runMeans(double[] means) {
        List<Trend.RunMean> runs = new ArrayList<>(means.length);
        for (int r = 0; r < means.length; r++) {
            runs.add(
                    new Trend.RunMean(
                            runId(r),
                            T0.plusSeconds(86_400L * r),
                            SyntheticSeries.TRIALS,
                            means[r],
                            ""));
        }
        return runs;
    }

    private static String runId(int r) {
        return String.format("r%04d", r);
    }

    /** The first alarm whose latest run is in [from, to), or null. */
    int[] firstAlarm(int from, int to) {
        return alarms.stream().filter(a -> a[0] >= from && a[0] < to).findFirst().orElse(null);
    }

    /** The alarms whose latest run is at or after {@code from}. */
    long alarmsFrom(int from) {
        return alarms.stream().filter(a -> a[0] >= from).count();
    }
}
