package storagebench.schedule;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.BadInputException;
import storagebench.Sha256;
import storagebench.runner.ExperimentRun;
import storagebench.runner.RunCompleted;
import storagebench.runner.RunObserver;
import storagebench.runner.RunStop;
import storagebench.runner.RunTrigger;
import storagebench.runner.Runner;
import storagebench.schedule.RetryPolicy.Failure;

/**
 * One firing of a schedule, from {@link State#FIRED} to {@link State#ENDED}: a new run, or the
 * continuation of an interrupted one; its target taken, waited for or skipped ({@code overlap});
 * its run stopped after {@code max-runtime} and continued as its {@link RetryPolicy} says; where its
 * check found a regression and the schedule says {@code confirm: rerun}, a rerun of the experiment
 * (recorded with the firing before it starts, so a continuation of the firing continues that rerun
 * rather than starting another) and the regression raised as confirmed or not by it. Every step that
 * changes what the firing is is kept in {@link Firings}, also the ones that did not run.
 */
final class FiringMachine {
    private static final Logger log = LoggerFactory.getLogger(FiringMachine.class);

    /** How often a firing that waits for its target looks again. */
    static final Duration WAIT_POLL = Duration.ofSeconds(2);

    /** Where a firing stands in this process. */
    enum State {
        /** Fired: what the firings table holds of it says what follows. */
        FIRED,
        /** Its run was interrupted before (a recovery, a continuation): continued if a retry is left. */
        CONTINUING,
        /** New: its experiment is loaded and checked; a broken one ends it. */
        PREPARING,
        /** Taking its target: at once, or waiting ({@code overlap: wait}), or not ({@code skip}). */
        TAKING,
        /** Its target is busy: waiting until it is free or the service ends. */
        WAITING,
        /** An attempt of its run is under way; its target is held until the run ends (not its check). */
        RUNNING,
        /**
         * Its run's check found a regression to confirm: its rerun is made (or the one recorded before
         * continued) and its target taken again.
         */
        CONFIRMING,
        /** Its run did not complete: waiting to continue it. */
        BACKING_OFF,
        /** Recorded as ended, or nothing to do (it ended before, its schedule is gone). */
        ENDED
    }

    /**
     * What every firing shares.
     *
     * @param schedules a schedule by name, if it is still there
     * @param node this service instance, recorded with each firing it runs
     * @param timers renew target leases and stop runs after max-runtime
     */
    record Parts(
            Function<String, Optional<Schedule>> schedules,
            Firings firings,
            TargetLeases leases,
            RunningRuns running,
            FiringRuns runs,
            FiringChecks after,
            RunObserver observer,
            String node,
            ScheduledExecutorService timers) {}

    private final Parts parts;
    private final ScheduledRunner.Request request;
    private Schedule schedule;
    private RetryPolicy policy;
    private Firing earlier;
    private Firing firing;
    private ExperimentRun run;
    private int attempts;
    private String busy;
    private boolean told;
    private Duration backoff;
    private TargetHold hold;

    /** Whether the firing took its target: its run started (the target may be free again since). */
    private boolean held;

    /** In a rerun ({@code run} is the rerun): the firing's own run, how often it ran, and its check. */
    private ExperimentRun first;

    private int firstAttempts;
    private FiringChecks.Checked checked;

    FiringMachine(Parts parts, ScheduledRunner.Request request) {
        this.parts = parts;
        this.request = request;
    }

    /** Takes the firing to its end; the states it passed through after {@link State#FIRED}. */
    List<State> run() {
        List<State> path = new ArrayList<>();
        State state = State.FIRED;
        try {
            try {
                while (state != State.ENDED) {
                    state = step(state);
                    path.add(state);
                }
            } finally {
                releaseTarget();
            }
        } catch (BadInputException e) {
            if (earlier == null) {
                throw e;
            }
            // a continuation whose run cannot be continued
            path.add(endEarlier(e.getMessage()));
        }
        return path;
    }

    private State step(State state) {
        return switch (state) {
            case FIRED -> fired();
            case CONTINUING -> continuing();
            case PREPARING -> preparing();
            case TAKING -> taking();
            case WAITING -> waiting();
            case RUNNING -> running();
            case CONFIRMING -> confirming();
            case BACKING_OFF -> backingOff();
            case ENDED -> throw new IllegalStateException("the firing has ended");
        };
    }

    private State fired() {
        String id =
                request.firing() != null
                        ? request.firing()
                        : Firing.id(request.trigger(), request.scheduled());
        earlier = parts.firings().find(id).orElse(null);
        String name =
                request.schedule() != null
                        ? request.schedule()
                        : earlier == null ? null : earlier.schedule();
        schedule = name == null ? null : parts.schedules().apply(name).orElse(null);
        if (schedule == null) {
            log.warn(
                    "firing {}: no such schedule any more; nothing run",
                    name == null ? request.trigger() : name);
            return State.ENDED;
        }
        policy = RetryPolicy.of(schedule);
        if (earlier != null && earlier.runId() != null && !earlier.status().ended()
                || earlier != null && earlier.status() == Firing.Status.INTERRUPTED) {
            // the service died in its middle (a recovery), or ended it (a continuation)
            return State.CONTINUING;
        }
        if (earlier != null && earlier.status().ended()) {
            log.info("firing {} of schedule {} ended before: {}", id, name, earlier.status());
            return State.ENDED;
        }
        earlier = null;
        firing =
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
                        parts.node(),
                        null);
        return State.PREPARING;
    }

    private State continuing() {
        // a firing with a rerun had its run completed: it is checked again, and its rerun continued
        boolean rerun = earlier.rerunId() != null;
        if (!rerun && !policy.left(earlier.attempts())) {
            return endEarlier(
                    "interrupted, and no retry is left (retry: "
                            + schedule.retry()
                            + "); continue it with: storagebench run --restart "
                            + earlier.runId());
        }
        if (rerun) {
            log.info(
                    "schedule {}: checking run {} again, then its rerun {}",
                    schedule.name(),
                    earlier.runId(),
                    earlier.rerunId());
        } else {
            log.info(
                    "schedule {}: continuing run {} (attempt {})",
                    schedule.name(),
                    earlier.runId(),
                    earlier.attempts() + 1);
        }
        run = parts.runs().restart(earlier.runId());
        firing = earlier.on(target());
        attempts = earlier.attempts() + (rerun ? 0 : 1);
        return State.TAKING;
    }

    /**
     * The run's target key: a host's share of a fleet firing holds its target on its own host alone
     * (the same folder or {@code localhost} URL is another target on each host).
     */
    private String target() {
        String target = parts.runs().target(run);
        String id = earlier != null ? earlier.id() : firing.id();
        return FleetFirings.isShare(id)
                ? Sha256.hex(parts.node() + "|" + target).substring(0, 32)
                : target;
    }

    private State preparing() {
        try {
            run = parts.runs().prepare(schedule);
        } catch (BadInputException e) {
            // the schedules log it once, as it becomes broken
            return end(Firing.Status.BROKEN, e.getMessage());
        }
        firing = firing.on(target());
        attempts = 1;
        return State.TAKING;
    }

    private State taking() {
        hold =
                TargetHold.take(
                                parts.leases(),
                                firing,
                                schedule.name(),
                                run.runId(),
                                parts.timers())
                        .orElse(null);
        if (hold != null) {
            held = true;
            return State.RUNNING;
        }
        busy = parts.leases().busy(firing.target());
        if (schedule.overlap() == Schedule.Overlap.SKIP && first == null) {
            log.info("schedule {}: skipped, {}", schedule.name(), busy);
            return end(Firing.Status.SKIPPED, busy + "; overlap: skip");
        }
        return State.WAITING;
    }

    private State waiting() {
        if (!told) {
            log.info("schedule {}: waiting, {}", schedule.name(), busy);
            save("waiting: " + busy);
            told = true;
        }
        if (!parts.running().pause(WAIT_POLL)) {
            return first == null
                    ? end(Firing.Status.SKIPPED, "the service ended while it waited: " + busy)
                    : end(
                            Firing.Status.INTERRUPTED,
                            "the service ended while its rerun waited: " + busy);
        }
        return State.TAKING;
    }

    private State running() {
        save(first == null ? null : confirming(run));
        RunStop stop = new RunStop();
        Runner.Outcome outcome = attempt(stop);
        Failure failure;
        if (stop.requested()) {
            failure = parts.running().closing() ? Failure.SERVICE_ENDING : Failure.MAX_RUNTIME;
        } else if (outcome != null && outcome.completed()) {
            // the run is over: the next on its target need not wait for its check, which waits
            // for the dataset to hold the run
            releaseTarget();
            if (first != null) {
                return end(Firing.Status.COMPLETED, confirmed(run.runId(), null));
            }
            checked = parts.after().check(schedule, run, outcome);
            return checked.toConfirm().isEmpty()
                    ? end(Firing.Status.COMPLETED, checked.verdict())
                    : State.CONFIRMING;
        } else {
            failure = Failure.RUN_FAILED;
        }
        String why = outcome == null ? "the run could not start" : String.valueOf(outcome.error());
        Optional<Duration> wait = policy.after(attempts, failure);
        if (wait.isPresent()) {
            backoff = wait.get();
            log.warn(
                    "schedule {}: run {} did not complete ({}); continuing it in {}",
                    schedule.name(),
                    run.runId(),
                    why,
                    backoff);
            save("retrying in " + backoff + ": " + why);
            return State.BACKING_OFF;
        }
        if (first != null && failure != Failure.SERVICE_ENDING) {
            // a rerun that did not complete confirms nothing; the firing's own run completed
            releaseTarget();
            return end(
                    Firing.Status.COMPLETED,
                    confirmed(
                            run.runId(),
                            failure == Failure.MAX_RUNTIME
                                    ? "stopped after max-runtime " + schedule.maxRuntime()
                                    : why));
        }
        String again = "; continue it with: storagebench run --restart " + run.runId();
        return switch (failure) {
            case SERVICE_ENDING -> end(Firing.Status.INTERRUPTED, "stopped: " + stop.reason());
            case MAX_RUNTIME ->
                    end(
                            Firing.Status.FAILED,
                            "stopped after max-runtime " + schedule.maxRuntime() + again);
            case RUN_FAILED -> {
                State ended = end(Firing.Status.FAILED, why + again);
                parts.after().failed(schedule, run, why);
                yield ended;
            }
        };
    }

    /**
     * The firing's run completed and its check found regressions to confirm: a rerun of the
     * experiment, recorded before it starts; or the rerun recorded before (a continuation), continued.
     */
    private State confirming() {
        first = run;
        firstAttempts = attempts;
        ExperimentRun rerun = null;
        if (firing.rerunId() != null) {
            try {
                rerun = parts.runs().restart(firing.rerunId());
                log.info(
                        "schedule {}: continuing rerun {} of run {}",
                        schedule.name(),
                        rerun.runId(),
                        first.runId());
            } catch (BadInputException e) {
                // recorded, but never started: a new one
                log.info(
                        "schedule {}: rerun {} never started ({}); a new one",
                        schedule.name(),
                        firing.rerunId(),
                        e.getMessage());
            }
        }
        if (rerun == null) {
            try {
                rerun = parts.runs().prepare(schedule);
            } catch (BadInputException e) {
                return end(Firing.Status.COMPLETED, confirmed(null, e.getMessage()));
            }
            firing = firing.withRerun(rerun.runId());
        }
        parts.observer().runEnded(first.runId(), Firing.Status.COMPLETED.name());
        run = rerun;
        attempts = 1;
        log.info(
                "schedule {}: {}; rerun {} to confirm it",
                schedule.name(),
                checked.verdict(),
                run.runId());
        told = false;
        save(confirming(run));
        return State.TAKING;
    }

    private String confirming(ExperimentRun rerun) {
        return "confirming a regression: rerun " + rerun.runId() + " of run " + first.runId();
    }

    /** The regressions left to confirm raised, as the rerun (or its failure) says; the verdict. */
    private String confirmed(String rerunId, String failure) {
        return parts.after().confirm(schedule, first, checked.toConfirm(), rerunId, failure);
    }

    private void releaseTarget() {
        if (hold != null) {
            hold.close();
            hold = null;
        }
    }

    private State backingOff() {
        if (!parts.running().pause(backoff)) {
            return end(Firing.Status.INTERRUPTED, "stopped while waiting to retry");
        }
        try {
            run = parts.runs().restart(run.runId());
        } catch (BadInputException e) {
            return first == null
                    ? end(Firing.Status.FAILED, e.getMessage())
                    : end(Firing.Status.COMPLETED, confirmed(run.runId(), e.getMessage()));
        }
        attempts++;
        return State.RUNNING;
    }

    /** One attempt, stopped after max-runtime or with the service. */
    private Runner.Outcome attempt(RunStop stop) {
        parts.running().add(run.runId(), stop);
        Duration limit = schedule.maxRuntime();
        ScheduledFuture<?> stopping =
                limit == null
                        ? null
                        : parts.timers()
                                .schedule(
                                        () -> stop.request("max-runtime " + limit),
                                        limit.toMillis(),
                                        TimeUnit.MILLISECONDS);
        try {
            RunTrigger trigger =
                    new RunTrigger(schedule.name(), firing.scheduled(), request.fired());
            return parts.runs().run(run, stop, trigger);
        } catch (RunCompleted e) {
            // its service died after the run completed, in the check that follows it
            log.info(
                    "schedule {}: run {} had completed; its check follows",
                    schedule.name(),
                    run.runId());
            return Runner.Outcome.completedBefore(e.trials());
        } catch (RuntimeException e) {
            log.warn(
                    "schedule {}: run {} failed: {}", schedule.name(), run.runId(), e.getMessage());
            return Runner.Outcome.failed(e.getMessage());
        } finally {
            if (stopping != null) {
                stopping.cancel(false);
            }
            parts.running().remove(run.runId());
        }
    }

    /** Records the firing as under way: before its run started, an attempt of it, or its rerun. */
    private void save(String message) {
        parts.firings()
                .save(
                        firing.now(
                                held ? recordedRun() : null,
                                Firing.Status.RUNNING,
                                held ? recordedAttempts() : 0,
                                message,
                                null,
                                parts.node()));
    }

    /** The firing's run: the first, in its rerun too. */
    private String recordedRun() {
        return first != null ? first.runId() : run.runId();
    }

    private int recordedAttempts() {
        return first != null ? firstAttempts : attempts;
    }

    private State end(Firing.Status status, String message) {
        parts.firings()
                .save(
                        firing.now(
                                held ? recordedRun() : null,
                                status,
                                held ? recordedAttempts() : 0,
                                message,
                                Instant.now(),
                                parts.node()));
        if (held) {
            parts.observer().runEnded(run.runId(), status.name());
        }
        return State.ENDED;
    }

    /** Ends a continuation as the earlier firing stood: its run could not be continued. */
    private State endEarlier(String message) {
        return end(earlier, earlier.runId(), Firing.Status.FAILED, earlier.attempts(), message);
    }

    private State end(Firing f, String runId, Firing.Status status, int attempts, String message) {
        parts.firings().save(f.now(runId, status, attempts, message, Instant.now(), parts.node()));
        if (runId != null) {
            parts.observer().runEnded(runId, status.name());
        }
        return State.ENDED;
    }
}
