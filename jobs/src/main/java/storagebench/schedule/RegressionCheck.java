package storagebench.schedule;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import storagebench.compare.Comparisons;
import storagebench.compare.Direction;
import storagebench.compare.Trend;
import storagebench.compare.Trends;
import storagebench.events.Regression;

/**
 * After a scheduled run: its trials against those of the schedule's previous runs ({@link Trends}),
 * for the duration and the workloads' headline metrics; a {@link Regression} event for each host,
 * step, variant and metric that got worse beyond chance.
 */
final class RegressionCheck {
    private RegressionCheck() {}

    /**
     * @param runs the schedule's runs, the judged one among them
     * @return the regressions of {@code runId}; none when it is not the latest of {@code runs}
     */
    static List<Regression> of(
            Path parquetRoot,
            String experiment,
            String schedule,
            String runId,
            List<String> runs,
            int window) {
        List<Regression> found = new ArrayList<>();
        Instant now = Instant.now();
        for (String metric : Comparisons.defaultMetrics()) {
            for (Trend t : Trends.of(parquetRoot, experiment, metric, window, runs)) {
                Trend.RunMean latest = t.runs().get(t.runs().size() - 1);
                if (!t.regression() || !latest.runId().equals(runId)) {
                    continue;
                }
                List<Trend.RunMean> before =
                        t.runs().subList(t.runs().size() - 1 - t.window(), t.runs().size() - 1);
                double windowMean =
                        before.stream().mapToDouble(r -> r.mean() * r.n()).sum()
                                / before.stream().mapToInt(Trend.RunMean::n).sum();
                found.add(
                        Regression.newBuilder()
                                .setEventId(
                                        String.join(
                                                "/",
                                                runId,
                                                "regression",
                                                t.host(),
                                                t.step(),
                                                t.variant(),
                                                metric))
                                .setRunId(runId)
                                .setExperiment(experiment)
                                .setSchedule(schedule)
                                .setHost(t.host())
                                .setStep(t.step())
                                .setVariant(t.variant())
                                .setMetric(metric)
                                .setHigherIsBetter(Direction.higherIsBetter(metric))
                                .setWindowRuns(before.stream().map(Trend.RunMean::runId).toList())
                                .setLatestMean(latest.mean())
                                .setWindowMean(windowMean)
                                .setChange(latest.mean() / windowMean - 1)
                                .setTest(t.test())
                                .setPValue(t.p())
                                .setVerdict(t.verdict())
                                .setDetectedTime(now)
                                .build());
            }
        }
        return List.copyOf(found);
    }
}
