package storagebench.schedule;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.broker.KafkaConnection;
import storagebench.events.EventPublisher;
import storagebench.events.Regression;
import storagebench.runner.ExperimentRun;
import storagebench.runner.Runner;
import storagebench.storage.ReadableDataset;

/**
 * What follows a scheduled run: the dataset brought up to its end, its trials tested against the
 * schedule's runs before it ({@link RegressionCheck}), each regression published as an event, and the
 * schedule's {@code notify} run with the verdict.
 */
final class AfterRun implements FiringChecks {
    private static final Logger log = LoggerFactory.getLogger(AfterRun.class);
    private static final Duration CATCH_UP = Duration.ofMinutes(2);

    private final ReadableDataset readable;
    private final KafkaConnection kafka;
    private final Firings firings;
    private final DatasetCatchUp dataset;

    AfterRun(
            ReadableDataset readable,
            KafkaConnection kafka,
            Firings firings,
            DatasetCatchUp dataset) {
        this.readable = readable;
        this.kafka = kafka;
        this.firings = firings;
        this.dataset = dataset;
    }

    @Override
    public String check(Schedule schedule, ExperimentRun run, Runner.Outcome outcome) {
        String experiment = run.experiment().name();
        String done = outcome.trials() + " trial(s), " + outcome.failures() + " failed";
        if (!dataset.catchUp(run.runId(), CATCH_UP)) {
            return done + "; the dataset did not catch up in " + CATCH_UP + ": not checked";
        }
        List<String> runs = new ArrayList<>();
        firings.of(schedule.name()).stream()
                .filter(f -> f.runId() != null && f.status() == Firing.Status.COMPLETED)
                .forEach(f -> runs.add(f.runId()));
        runs.add(run.runId());
        List<Regression> found =
                RegressionCheck.of(
                        readable.folder(),
                        experiment,
                        schedule.name(),
                        run.runId(),
                        runs,
                        schedule.window());
        if (!found.isEmpty()) {
            try (EventPublisher publisher =
                    new EventPublisher(kafka, "regressions-" + run.runId())) {
                publisher.publish(run.runId(), found);
            }
            dataset.rollSoon();
        }
        String verdict =
                found.isEmpty()
                        ? "no regression against the schedule's "
                                + Math.min(schedule.window(), runs.size() - 1)
                                + " run(s) before"
                        : "REGRESSION: "
                                + found.size()
                                + " ("
                                + found.get(0).getMetric()
                                + " of "
                                + found.get(0).getVariant()
                                + " "
                                + found.get(0).getStep()
                                + ": "
                                + found.get(0).getVerdict()
                                + ")";
        log.info("schedule {}: run {} {}; {}", schedule.name(), run.runId(), done, verdict);
        Schedule.Notify notify = schedule.notifyCommand();
        if (notify != null && (notify.always() || !found.isEmpty())) {
            notify(schedule, run, experiment, "COMPLETED", !found.isEmpty(), verdict);
        }
        return done + "; " + verdict;
    }

    /** {@code notify} when it runs after every run. */
    @Override
    public void failed(Schedule schedule, ExperimentRun run, String why) {
        Schedule.Notify notify = schedule.notifyCommand();
        if (notify != null && notify.always()) {
            notify(schedule, run, run.experiment().name(), "FAILED", false, why);
        }
    }

    private static void notify(
            Schedule schedule,
            ExperimentRun run,
            String experiment,
            String status,
            boolean regression,
            String verdict) {
        Notifier.notify(
                schedule.notifyCommand(),
                run.runDir(),
                Notifier.environment(
                        schedule.name(), run.runId(), experiment, status, regression, verdict));
    }
}
