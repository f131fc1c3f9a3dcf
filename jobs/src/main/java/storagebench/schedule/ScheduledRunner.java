package storagebench.schedule;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.BadInputException;
import storagebench.Sha256;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.runner.ExperimentRun;
import storagebench.runner.RunEnds;
import storagebench.runner.RunLauncher;
import storagebench.runner.RunObserver;
import storagebench.runner.RunStop;
import storagebench.runner.RunTrigger;
import storagebench.runner.Runner;
import storagebench.storage.ReadableDataset;

/**
 * What a firing does: runs the schedule's experiment as a normal run (RunStarted says which schedule
 * fired it, when it was due and when it fired), continues a run that did not complete as often as
 * {@code retry} allows (waiting {@code backoff}, doubled each time; the restart machinery never runs
 * a recorded trial again), stops one that passes {@code max-runtime}; then brings the dataset up to
 * date, checks the run against the schedule's previous ones, publishes each regression as an event
 * and runs {@code notify}. Every firing's outcome is kept in {@link Firings}, also the ones that did
 * not run: a busy target with {@code overlap: skip}, a broken experiment.
 */
public final class ScheduledRunner {
    private static final Logger log = LoggerFactory.getLogger(ScheduledRunner.class);

    /** How often a firing that waits for its target looks again. */
    static final Duration WAIT_POLL = Duration.ofSeconds(2);

    /**
     * One firing.
     *
     * @param schedule the schedule's name, or null when only the firing knows it (a recovery)
     * @param trigger the trigger that fired
     * @param scheduled when it was due
     * @param fired when it fired
     * @param firing the firing being continued (a recovery, a continuation), or null for a new one
     */
    public record Request(
            String schedule, String trigger, Instant scheduled, Instant fired, String firing) {}

    private final Settings settings;
    private final KafkaConnection kafka;
    private final Schedules schedules;
    private final Firings firings;
    private final TargetLeases leases;
    private final RunningRuns running;
    private final RunObserver observer;
    private final AfterRun afterRun;
    private final String node;
    private final ScheduledExecutorService timers =
            Executors.newSingleThreadScheduledExecutor(
                    r -> {
                        Thread t = new Thread(r, "max-runtime");
                        t.setDaemon(true);
                        return t;
                    });

    public ScheduledRunner(
            Settings settings,
            KafkaConnection kafka,
            Schedules schedules,
            Firings firings,
            TargetLeases leases,
            RunningRuns running,
            RunObserver observer,
            DatasetCatchUp dataset,
            String node) {
        this.settings = settings;
        this.kafka = kafka;
        this.schedules = schedules;
        this.firings = firings;
        this.leases = leases;
        this.running = running;
        this.observer = observer;
        this.afterRun = new AfterRun(ReadableDataset.of(settings), kafka, firings, dataset);
        this.node = node;
    }

    public void fire(Request request) {
        String id =
                request.firing() != null
                        ? request.firing()
                        : Firing.id(request.trigger(), request.scheduled());
        Firing earlier = firings.find(id).orElse(null);
        String name =
                request.schedule() != null
                        ? request.schedule()
                        : earlier == null ? null : earlier.schedule();
        Schedule schedule = name == null ? null : schedules.get(name).orElse(null);
        if (schedule == null) {
            log.warn(
                    "firing {}: no such schedule any more; nothing run",
                    name == null ? request.trigger() : name);
            return;
        }
        schedules.refresh();
        if (earlier != null && earlier.runId() != null && !earlier.status().ended()
                || earlier != null && earlier.status() == Firing.Status.INTERRUPTED) {
            // the service died in its middle (a recovery), or ended it (a continuation)
            continueRun(schedule, earlier, request);
            return;
        }
        if (earlier != null && earlier.status().ended()) {
            log.info("firing {} of schedule {} ended before: {}", id, name, earlier.status());
            return;
        }
        Firing firing =
                new Firing(
                        id,
                        schedule.name(),
                        request.trigger(),
                        "",
                        request.scheduled(),
                        request.fired(),
                        null,
                        Firing.Status.RUNNING,
                        0,
                        null,
                        null,
                        node);
        ExperimentRun run;
        try {
            run = ExperimentRun.prepare(settings, schedule.experiment(), schedule.overrides());
        } catch (BadInputException e) {
            // the schedules log it once, as it becomes broken
            end(firing, null, Firing.Status.BROKEN, 0, e.getMessage());
            return;
        }
        firing = on(firing, target(run));
        if (!take(schedule, firing)) {
            return;
        }
        execute(schedule, firing, run, 1, request);
    }

    /** The key of a run's target in {@link TargetLeases} (a hash: a URL may hold more than it shows). */
    private static String target(ExperimentRun run) {
        return Sha256.hex(run.experiment().target().identity()).substring(0, 32);
    }

    /**
     * Takes the firing's target: at once, after waiting for the run that holds it ({@code overlap:
     * wait}), or not at all ({@code overlap: skip}, or the service ending meanwhile).
     */
    private boolean take(Schedule schedule, Firing firing) {
        boolean told = false;
        while (!leases.acquire(firing.target(), firing.id(), schedule.name())) {
            String busy =
                    leases.holder(firing.target())
                            .map(
                                    h ->
                                            "the target is busy with "
                                                    + (h.runId() == null
                                                            ? "a firing"
                                                            : "run " + h.runId())
                                                    + " of schedule "
                                                    + h.schedule())
                            .orElse("the target is busy");
            if (schedule.overlap() == Schedule.Overlap.SKIP) {
                end(firing, null, Firing.Status.SKIPPED, 0, busy + "; overlap: skip");
                log.info("schedule {}: skipped, {}", schedule.name(), busy);
                return false;
            }
            if (!told) {
                log.info("schedule {}: waiting, {}", schedule.name(), busy);
                firings.save(
                        with(firing, null, Firing.Status.RUNNING, 0, "waiting: " + busy, null));
                told = true;
            }
            if (!pause(WAIT_POLL)) {
                end(
                        firing,
                        null,
                        Firing.Status.SKIPPED,
                        0,
                        "the service ended while it waited: " + busy);
                return false;
            }
        }
        return true;
    }

    /** The earlier firing of a recovery or a continuation: its run continued, if retries are left. */
    private void continueRun(Schedule schedule, Firing earlier, Request request) {
        if (earlier.attempts() > schedule.retry()) {
            end(
                    earlier,
                    earlier.runId(),
                    Firing.Status.FAILED,
                    earlier.attempts(),
                    "interrupted, and no retry is left (retry: "
                            + schedule.retry()
                            + "); continue it with: storagebench run --restart "
                            + earlier.runId());
            return;
        }
        log.info(
                "schedule {}: continuing run {} (attempt {})",
                schedule.name(),
                earlier.runId(),
                earlier.attempts() + 1);
        try {
            ExperimentRun run = ExperimentRun.prepareRestart(settings, earlier.runId());
            Firing firing = on(earlier, target(run));
            if (take(schedule, firing)) {
                execute(schedule, firing, run, earlier.attempts() + 1, request);
            }
        } catch (BadInputException e) {
            end(earlier, earlier.runId(), Firing.Status.FAILED, earlier.attempts(), e.getMessage());
        }
    }

    /** Runs the firing while it holds its target (renewed while it runs, released at the end). */
    private void execute(
            Schedule schedule, Firing firing, ExperimentRun first, int attempt, Request request) {
        ScheduledFuture<?> renewal =
                timers.scheduleWithFixedDelay(
                        () -> renew(firing, first.runId()),
                        0,
                        TargetLeases.RENEW.toMillis(),
                        TimeUnit.MILLISECONDS);
        try {
            attempts(schedule, firing, first, attempt, request);
        } finally {
            renewal.cancel(false);
            leases.release(firing.target(), firing.id());
        }
    }

    private void renew(Firing firing, String runId) {
        try {
            leases.renew(firing.target(), firing.id(), runId);
        } catch (RuntimeException e) {
            log.warn(
                    "the lease of run {} on its target could not be renewed: {}",
                    runId,
                    e.getMessage());
        }
    }

    /** Runs, continues while retries are left, then checks and notifies. */
    private void attempts(
            Schedule schedule, Firing firing, ExperimentRun first, int attempt, Request request) {
        ExperimentRun run = first;
        int attempts = attempt;
        RunTrigger trigger = new RunTrigger(schedule.name(), firing.scheduled(), request.fired());
        while (true) {
            firings.save(with(firing, run.runId(), Firing.Status.RUNNING, attempts, null, null));
            RunStop stop = new RunStop();
            Runner.Outcome outcome = run(schedule, run, stop, trigger);
            if (stop.requested() && running.closing()) {
                end(
                        firing,
                        run.runId(),
                        Firing.Status.INTERRUPTED,
                        attempts,
                        "stopped: " + stop.reason());
                return;
            }
            if (stop.requested()) {
                end(
                        firing,
                        run.runId(),
                        Firing.Status.FAILED,
                        attempts,
                        "stopped after max-runtime "
                                + schedule.maxRuntime()
                                + "; continue it with: storagebench run --restart "
                                + run.runId());
                return;
            }
            if (outcome != null && outcome.completed()) {
                String verdict = afterRun.check(schedule, run, outcome);
                end(firing, run.runId(), Firing.Status.COMPLETED, attempts, verdict);
                return;
            }
            String why =
                    outcome == null ? "the run could not start" : String.valueOf(outcome.error());
            if (attempts > schedule.retry()) {
                end(
                        firing,
                        run.runId(),
                        Firing.Status.FAILED,
                        attempts,
                        why + "; continue it with: storagebench run --restart " + run.runId());
                afterRun.failed(schedule, run, why);
                return;
            }
            Duration wait = schedule.backoff().multipliedBy(1L << Math.min(20, attempts - 1));
            log.warn(
                    "schedule {}: run {} did not complete ({}); continuing it in {}",
                    schedule.name(),
                    run.runId(),
                    why,
                    wait);
            firings.save(
                    with(
                            firing,
                            run.runId(),
                            Firing.Status.RUNNING,
                            attempts,
                            "retrying in " + wait + ": " + why,
                            null));
            if (!pause(wait)) {
                end(
                        firing,
                        run.runId(),
                        Firing.Status.INTERRUPTED,
                        attempts,
                        "stopped while waiting to retry");
                return;
            }
            try {
                run = ExperimentRun.prepareRestart(settings, run.runId());
            } catch (BadInputException e) {
                end(firing, run.runId(), Firing.Status.FAILED, attempts, e.getMessage());
                return;
            }
            attempts++;
        }
    }

    private Runner.Outcome run(
            Schedule schedule, ExperimentRun run, RunStop stop, RunTrigger trigger) {
        running.add(run.runId(), stop);
        ScheduledFuture<?> limit =
                schedule.maxRuntime() == null
                        ? null
                        : timers.schedule(
                                () -> stop.request("max-runtime " + schedule.maxRuntime()),
                                schedule.maxRuntime().toMillis(),
                                TimeUnit.MILLISECONDS);
        try {
            RunEnds.publishKept(settings, kafka);
            return new RunLauncher(settings, kafka).launch(run, stop, trigger, observer);
        } catch (RuntimeException e) {
            log.warn(
                    "schedule {}: run {} failed: {}", schedule.name(), run.runId(), e.getMessage());
            return Runner.Outcome.failed(e.getMessage());
        } finally {
            if (limit != null) {
                limit.cancel(false);
            }
            running.remove(run.runId());
        }
    }

    private boolean pause(Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        while (System.nanoTime() < deadline) {
            if (running.closing()) {
                return false;
            }
            try {
                Thread.sleep(
                        Math.min(500, Math.max(1, (deadline - System.nanoTime()) / 1_000_000)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    private void end(
            Firing firing, String runId, Firing.Status status, int attempts, String message) {
        firings.save(with(firing, runId, status, attempts, message, Instant.now()));
        if (runId != null) {
            observer.runEnded(runId, status.name());
        }
    }

    private static Firing on(Firing f, String target) {
        return new Firing(
                f.id(),
                f.schedule(),
                f.trigger(),
                target,
                f.scheduled(),
                f.fired(),
                f.runId(),
                f.status(),
                f.attempts(),
                f.message(),
                f.ended(),
                f.node());
    }

    private Firing with(
            Firing f,
            String runId,
            Firing.Status status,
            int attempts,
            String message,
            Instant ended) {
        return new Firing(
                f.id(),
                f.schedule(),
                f.trigger(),
                f.target(),
                f.scheduled(),
                f.fired(),
                runId,
                status,
                attempts,
                message,
                ended,
                node);
    }
}
