package storagebench.schedule;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.compare.ChangePoint;
import storagebench.compare.ChangePoints;
import storagebench.compare.ChangeSentence;
import storagebench.compare.Comparisons;
import storagebench.compare.Direction;
import storagebench.compare.Trend;
import storagebench.compare.TrendMethod;
import storagebench.compare.TrendOptions;
import storagebench.compare.Trends;
import storagebench.events.Regression;
import storagebench.report.HostScope;
import storagebench.report.Tables;
import storagebench.report.TrialValue;
import storagebench.report.TrialValues;

/**
 * After a scheduled run: the schedule's runs, the judged one among them, as series per host, step,
 * variant and metric (each step's headline metrics, and its duration where none measures it, as
 * trend follows them by default: {@link Trends#measured}); a {@link Regression} event for each series
 * whose trend raises one. With the change-point method (trend's default) that is a worse change point
 * within the last {@link #RECENT} runs, raised once: its event is named by the change point's run, so
 * a second check of it (a replay, a continuation) makes the same event, and the runs after it are its
 * new level, not new regressions. An improvement is logged, never raised.
 */
final class RegressionCheck {
    private static final Logger log = LoggerFactory.getLogger(RegressionCheck.class);

    /** How near the end of a series a worse change point raises a regression: trend's {@code --recent}. */
    static final int RECENT = TrendOptions.DEFAULT.recent();

    /** The runs before a change point an event names as its window, the latest ones. */
    static final int BEFORE_RUNS = 20;

    static final String CHANGEPOINT = TrendMethod.CHANGEPOINT.label();

    private RegressionCheck() {}

    /**
     * The trends of {@code runs} (a schedule's) for every metric the check judges, as trend judges
     * them by default: one read of the experiment's files for every metric some trial may hold (not
     * one per run: a schedule of a year's nights has hundreds), kept to {@code runs}.
     */
    static List<Trend> trends(Path parquetRoot, String experiment, List<String> runs, int window) {
        if (runs.isEmpty()) {
            return List.of();
        }
        Set<String> schedule = Set.copyOf(runs);
        List<Trend> trends = new ArrayList<>();
        try (Tables tables = Tables.open(parquetRoot, HostScope.ALL, experiment)) {
            Trends.measured(
                            TrialValues.read(
                                    tables, Comparisons.defaultMetrics(), experiment, false),
                            Trends::valueSeries)
                    .forEach(
                            (metric, all) -> {
                                List<TrialValue> values =
                                        all.stream()
                                                .filter(v -> schedule.contains(v.runId()))
                                                .toList();
                                trends.addAll(
                                        Trends.of(
                                                values,
                                                metric,
                                                TrendOptions.DEFAULT.withWindow(window)));
                            });
        }
        return List.copyOf(trends);
    }

    /**
     * @param trends the schedule's series, the judged run among their runs
     * @return the regressions found at {@code runId}; none from a series whose latest run it is not
     */
    static List<Regression> of(List<Trend> trends, String schedule, String runId, Instant now) {
        List<Regression> found = new ArrayList<>();
        for (Trend t : trends) {
            if (t.runs().isEmpty() || !latest(t).runId().equals(runId)) {
                continue;
            }
            if (CHANGEPOINT.equals(t.method())) {
                improvement(t)
                        .ifPresent(
                                cp ->
                                        log.info(
                                                "{}: improved, {}",
                                                series(t),
                                                words(cp, Direction.higherIsBetter(t.metric()))));
            }
            if (!t.regression()) {
                continue;
            }
            Optional<ChangePoint> cp = raised(t);
            if (CHANGEPOINT.equals(t.method()) && cp.isPresent()) {
                found.add(changePoint(t, cp.get(), schedule, runId, now));
            } else if (!CHANGEPOINT.equals(t.method())) {
                found.add(window(t, schedule, runId, now));
            }
        }
        return List.copyOf(found);
    }

    /** The worse change point within the last {@link #RECENT} runs, the latest of them. */
    static Optional<ChangePoint> raised(Trend t) {
        return Optional.ofNullable(
                ChangePoints.raised(t.changePoints(), t.runs().size(), List.of(), RECENT));
    }

    private static Optional<ChangePoint> improvement(Trend t) {
        return recent(t, false);
    }

    private static Optional<ChangePoint> recent(Trend t, boolean worse) {
        List<ChangePoint> points = t.changePoints();
        for (int i = points.size() - 1; i >= 0; i--) {
            ChangePoint cp = points.get(i);
            if (cp.index() < t.runs().size() - RECENT) {
                break;
            }
            if (cp.worse() == worse) {
                return Optional.of(cp);
            }
        }
        return Optional.empty();
    }

    /**
     * The identity of a change point's event: its run, the schedule (or the experiment), host, step,
     * variant and metric. The run comes first, as in every event id, and the event is keyed by it.
     */
    static String id(
            String changePointRun,
            String scheduleOrExperiment,
            String host,
            String step,
            String variant,
            String metric) {
        return String.join(
                "/",
                changePointRun,
                "regression",
                scheduleOrExperiment,
                host,
                step,
                variant,
                metric);
    }

    /** The run an event is keyed by: its change point's, else the judged run's. */
    static String key(Regression r) {
        return r.getChangePointRunId() != null ? r.getChangePointRunId() : r.getRunId();
    }

    private static Regression changePoint(
            Trend t, ChangePoint cp, String schedule, String runId, Instant now) {
        int from = firstOfSegment(t, cp);
        List<String> before =
                t.runs().subList(Math.max(from, cp.index() - BEFORE_RUNS), cp.index()).stream()
                        .map(Trend.RunMean::runId)
                        .toList();
        return regression(t, schedule, runId)
                .setEventId(
                        id(
                                cp.runId(),
                                schedule != null ? schedule : t.experiment(),
                                t.host(),
                                t.step(),
                                t.variant(),
                                t.metric()))
                .setWindowRuns(before)
                .setLatestMean(cp.meanAfter())
                .setWindowMean(cp.meanBefore())
                .setChange(cp.ratio() - 1)
                .setTest(t.test() != null ? t.test() : "E-Divisive means")
                .setPValue(cp.p())
                .setVerdict("REGRESSION: " + words(cp, Direction.higherIsBetter(t.metric())))
                .setDetectedTime(now)
                .setMethod(CHANGEPOINT)
                .setChangePointRunId(cp.runId())
                .setBeforeLow(cp.beforeLow())
                .setBeforeHigh(cp.beforeHigh())
                .setAfterLow(cp.afterLow())
                .setAfterHigh(cp.afterHigh())
                .build();
    }

    /** What a regression of either method records of {@code t}, the series it was found in. */
    private static Regression.Builder regression(Trend t, String schedule, String runId) {
        return Regression.newBuilder()
                .setRunId(runId)
                .setExperiment(t.experiment())
                .setSchedule(schedule)
                .setHost(t.host())
                .setStep(t.step())
                .setVariant(t.variant())
                .setMetric(t.metric())
                .setHigherIsBetter(Direction.higherIsBetter(t.metric()));
    }

    /** The first run after the change point before {@code cp}, or the series' first. */
    private static int firstOfSegment(Trend t, ChangePoint cp) {
        int from = 0;
        for (ChangePoint earlier : t.changePoints()) {
            if (earlier.index() < cp.index()) {
                from = earlier.index();
            }
        }
        return from;
    }

    /** A regression of the window method: the latest run against the runs of its window. */
    private static Regression window(Trend t, String schedule, String runId, Instant now) {
        Trend.RunMean latest = latest(t);
        List<Trend.RunMean> before =
                t.runs().subList(t.runs().size() - 1 - t.window(), t.runs().size() - 1);
        double windowMean =
                before.stream().mapToDouble(r -> r.mean() * r.n()).sum()
                        / before.stream().mapToInt(Trend.RunMean::n).sum();
        return regression(t, schedule, runId)
                .setEventId(
                        String.join(
                                "/",
                                runId,
                                "regression",
                                t.host(),
                                t.step(),
                                t.variant(),
                                t.metric()))
                .setWindowRuns(before.stream().map(Trend.RunMean::runId).toList())
                .setLatestMean(latest.mean())
                .setWindowMean(windowMean)
                .setChange(latest.mean() / windowMean - 1)
                .setTest(t.test())
                .setPValue(t.p())
                .setVerdict(t.verdict())
                .setDetectedTime(now)
                .setMethod(t.method())
                .build();
    }

    /**
     * A change point in words, as {@code trend} says it, and the levels with their intervals: {@code
     * ×1.31 slower since run r40 2026-11-30 02:30: mean 1.000 [0.9800, 1.020] before, 1.310 [1.284,
     * 1.336] from it on, p = 0.0044}.
     */
    static String words(ChangePoint cp, boolean higher) {
        return ChangeSentence.of(cp, higher)
                + String.format(
                        Locale.ROOT,
                        ": mean %.4g [%.4g, %.4g] before, %.4g [%.4g, %.4g] from it on, ",
                        cp.meanBefore(),
                        cp.beforeLow(),
                        cp.beforeHigh(),
                        cp.meanAfter(),
                        cp.afterLow(),
                        cp.afterHigh())
                + ChangeSentence.p(cp.p());
    }

    private static String series(Trend t) {
        return String.join(" ", t.experiment(), t.host(), t.step(), t.variant(), t.metric());
    }

    private static Trend.RunMean latest(Trend t) {
        return t.runs().get(t.runs().size() - 1);
    }
}
