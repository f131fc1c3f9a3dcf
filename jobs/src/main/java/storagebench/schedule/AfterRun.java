package storagebench.schedule;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.broker.KafkaConnection;
import storagebench.compare.Trend;
import storagebench.events.EventPublisher;
import storagebench.events.Regression;
import storagebench.runner.ExperimentRun;
import storagebench.runner.Runner;
import storagebench.storage.ReadableDataset;

/**
 * What follows a scheduled run: the dataset brought up to its end, its trials tested against the
 * schedule's runs before it ({@link RegressionCheck}), each regression published as an event (after a
 * rerun where the schedule says {@code confirm: rerun}, {@link Confirmation}), and the schedule's
 * {@code notify} run with the verdict: never for a regression a rerun did not confirm.
 */
final class AfterRun implements FiringChecks {
    private static final Logger log = LoggerFactory.getLogger(AfterRun.class);
    private static final Duration CATCH_UP = Duration.ofMinutes(2);

    /** The schedule's series, as {@link RegressionCheck#trends} reads them from the dataset. */
    interface Series {
        List<Trend> of(String experiment, List<String> runs, int window);
    }

    /** Where regressions are raised: the topic. */
    interface Raise {
        /** Publishes events of the check of {@code runId}, all keyed by {@code key}. */
        void publish(String runId, String key, List<Regression> events);
    }

    private final Series series;
    private final Raise raise;
    private final Firings firings;
    private final DatasetCatchUp dataset;

    AfterRun(
            ReadableDataset readable,
            KafkaConnection kafka,
            Firings firings,
            DatasetCatchUp dataset) {
        this(
                (experiment, runs, window) ->
                        RegressionCheck.trends(readable.folder(), experiment, runs, window),
                (runId, key, events) -> {
                    try (EventPublisher publisher =
                            new EventPublisher(kafka, "regressions-" + runId)) {
                        publisher.publish(key, events);
                    }
                },
                firings,
                dataset);
    }

    AfterRun(Series series, Raise raise, Firings firings, DatasetCatchUp dataset) {
        this.series = series;
        this.raise = raise;
        this.firings = firings;
        this.dataset = dataset;
    }

    @Override
    public Checked check(Schedule schedule, ExperimentRun run, Runner.Outcome outcome) {
        String experiment = run.experiment().name();
        String done = outcome.trials() + " trial(s), " + outcome.failures() + " failed";
        if (!dataset.catchUp(experiment, run.runId(), CATCH_UP)) {
            return new Checked(
                    done + "; the dataset did not catch up in " + CATCH_UP + ": not checked",
                    List.of());
        }
        List<String> runs = runs(schedule, run.runId());
        List<Regression> found =
                RegressionCheck.of(
                        series.of(experiment, runs, schedule.window()),
                        schedule.name(),
                        run.runId(),
                        Instant.now());
        if (!found.isEmpty() && schedule.confirm() == Schedule.Confirm.RERUN) {
            String verdict =
                    "REGRESSION to confirm by a rerun: " + found.size() + " " + first(found);
            log.info("schedule {}: run {} {}; {}", schedule.name(), run.runId(), done, verdict);
            return new Checked(done + "; " + verdict, found);
        }
        publish(run.runId(), found);
        String verdict =
                found.isEmpty()
                        ? "no regression against the schedule's "
                                + (runs.size() - 1)
                                + " run(s) before"
                        : "REGRESSION: " + found.size() + " " + first(found);
        log.info("schedule {}: run {} {}; {}", schedule.name(), run.runId(), done, verdict);
        notify(schedule, run, "COMPLETED", !found.isEmpty(), verdict);
        return new Checked(done + "; " + verdict, List.of());
    }

    @Override
    public String confirm(
            Schedule schedule,
            ExperimentRun run,
            List<Regression> found,
            String rerunId,
            String failure) {
        List<Regression> judged;
        if (rerunId == null || failure != null) {
            judged =
                    Confirmation.unconfirmed(
                            found,
                            rerunId,
                            rerunId == null
                                    ? "the rerun could not start: " + failure
                                    : "its rerun did not complete: " + failure);
        } else if (!dataset.catchUp(run.experiment().name(), rerunId, CATCH_UP)) {
            judged =
                    Confirmation.unconfirmed(
                            found, rerunId, "the dataset did not catch up with its rerun");
        } else {
            List<String> runs = runs(schedule, run.runId());
            runs.add(rerunId);
            judged =
                    Confirmation.of(
                            found,
                            series.of(run.experiment().name(), runs, schedule.window()),
                            rerunId);
        }
        publish(run.runId(), judged);
        List<Regression> confirmed =
                judged.stream().filter(r -> Boolean.TRUE.equals(r.getConfirmed())).toList();
        List<Regression> noise =
                judged.stream().filter(r -> !Boolean.TRUE.equals(r.getConfirmed())).toList();
        String verdict =
                (confirmed.isEmpty()
                                ? ""
                                : "REGRESSION: " + confirmed.size() + " " + first(confirmed))
                        + (confirmed.isEmpty() || noise.isEmpty() ? "" : "; ")
                        + (noise.isEmpty()
                                ? ""
                                : "not confirmed (noise?): " + noise.size() + " " + first(noise));
        log.info(
                "schedule {}: run {}, rerun {}: {}",
                schedule.name(),
                run.runId(),
                rerunId,
                verdict);
        notify(schedule, run, "COMPLETED", !confirmed.isEmpty(), verdict);
        return (rerunId == null ? "no rerun: " : "rerun " + rerunId + ": ") + verdict;
    }

    /** {@code notify} when it runs after every run. */
    @Override
    public void failed(Schedule schedule, ExperimentRun run, String why) {
        notify(schedule, run, "FAILED", false, why);
    }

    /**
     * The schedule's runs the check judges: those of its completed firings with their reruns, and
     * {@code runId}.
     */
    private List<String> runs(Schedule schedule, String runId) {
        List<String> runs = new ArrayList<>();
        firings.of(schedule.name()).stream()
                .filter(f -> f.runId() != null && f.status() == Firing.Status.COMPLETED)
                .forEach(
                        f -> {
                            runs.add(f.runId());
                            if (f.rerunId() != null) {
                                runs.add(f.rerunId());
                            }
                        });
        runs.add(runId);
        return runs;
    }

    /**
     * Publishes the events, each keyed by its change point's run (its id begins with it), so a second
     * copy of one comes on the partition of the first and the sink drops it.
     */
    private void publish(String runId, List<Regression> found) {
        if (found.isEmpty()) {
            return;
        }
        Map<String, List<Regression>> byKey = new LinkedHashMap<>();
        found.forEach(
                r -> byKey.computeIfAbsent(RegressionCheck.key(r), k -> new ArrayList<>()).add(r));
        byKey.forEach((key, events) -> raise.publish(runId, key, events));
        dataset.rollSoon();
    }

    /** The first regression in words. */
    private static String first(List<Regression> found) {
        Regression r = found.get(0);
        return "("
                + r.getMetric()
                + " of "
                + r.getVariant()
                + " "
                + r.getStep()
                + ": "
                + r.getVerdict()
                + ")";
    }

    /** {@code notify}: after every run ({@code on: always}), or after a (confirmed) regression. */
    private static void notify(
            Schedule schedule,
            ExperimentRun run,
            String status,
            boolean regression,
            String verdict) {
        Schedule.Notify notify = schedule.notifyCommand();
        if (notify == null || !notify.always() && !regression) {
            return;
        }
        Notifier.notify(
                notify,
                run.runDir(),
                Notifier.environment(
                        schedule.name(),
                        run.runId(),
                        run.experiment().name(),
                        status,
                        regression,
                        verdict));
    }
}
