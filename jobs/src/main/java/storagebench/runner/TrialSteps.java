package storagebench.runner;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.config.Secrets;
import storagebench.events.Outcome;
import storagebench.events.TrialRef;
import storagebench.events.TrialTimed;
import storagebench.workload.Phase;
import storagebench.workload.Step;

/**
 * Runs a trial's steps in the runner's order and records each as its TrialTimed: the set-up steps
 * until one fails; the measured steps, none run once a step failed but each still recorded; the
 * clean-up steps even after a failure, until one fails. A step's action is timed by {@link Timed}
 * alone (a measured step's within the experiment's timeout); its event is built once the clock
 * stopped, its end time read then from the wall clock (not rebuilt from start + elapsed); a step's
 * after-work reads that event and gives a new one with its metrics. The runner ({@link
 * TrialExecutor}) and the benches ({@link #run}) both run steps through here.
 */
public final class TrialSteps {
    private static final Logger log = LoggerFactory.getLogger(TrialSteps.class);

    private final List<Step> steps;
    private final TrialRef ref;
    private final int repetition;
    private final Duration timeout;
    private final Map<String, String> hostSettings;
    private final Clock clock;
    private final List<TrialTimed> events = new ArrayList<>();
    private Consumer<Step> starting = step -> {};

    /**
     * @param ref the trial the events are of
     * @param repetition the trial's repetition of its variant
     * @param timeout the bound of a measured step, or null for none
     * @param hostSettings the host settings in force, recorded on each event
     * @param clock where start and end times are read (the system's in a run)
     */
    public TrialSteps(
            List<Step> steps,
            TrialRef ref,
            int repetition,
            Duration timeout,
            Map<String, String> hostSettings,
            Clock clock) {
        this.steps = List.copyOf(steps);
        this.ref = ref;
        this.repetition = repetition;
        this.timeout = timeout;
        this.hostSettings = Map.copyOf(hostSettings);
        this.clock = clock;
    }

    /**
     * Runs a trial's steps outside a run, as a bench does: each timed like a measured step but without
     * a timeout. Returns the measured steps' events by name; a step that failed is thrown once the
     * clean-up steps ran.
     */
    public static Map<String, TrialTimed> run(List<Step> steps) {
        TrialSteps trial =
                new TrialSteps(
                        steps,
                        new TrialRef("bench", "bench", "", "bench", 0, "", Map.of(), false),
                        0,
                        null,
                        Map.of(),
                        Clock.systemUTC());
        String failure;
        try {
            failure = trial.measure(trial.setUp(), () -> true);
        } finally {
            trial.cleanUp();
        }
        Map<String, TrialTimed> measured = new LinkedHashMap<>();
        for (TrialTimed event : TrialResult.measured(trial.events())) {
            if (event.getOutcome() == Outcome.FAILED && event.getError().equals(failure)) {
                continue; // recorded unrun after the failure thrown below
            }
            if (event.getOutcome() == Outcome.FAILED) {
                throw new IllegalStateException(
                        "step '" + event.getStep() + "' failed: " + event.getError());
            }
            measured.put(event.getStep(), event);
        }
        if (failure != null) {
            throw new IllegalStateException(failure);
        }
        return measured;
    }

    /** Tells {@code starting} of each step before it runs, before its clock starts. */
    public TrialSteps watching(Consumer<Step> starting) {
        this.starting = starting;
        return this;
    }

    /** Runs the set-up steps; returns why one failed, or null. */
    public String setUp() {
        return runPhase(Phase.SETUP);
    }

    /**
     * Runs the measured steps, each while {@code go} says so; after a failure (the one given, or a
     * step's) the rest are recorded unrun. Returns the failure, or null.
     */
    public String measure(String failure, BooleanSupplier go) {
        for (Step step : steps) {
            if (step.phase() == Phase.MEASURED && go.getAsBoolean()) {
                String error = record(step, failure);
                if (failure == null && error != null) {
                    failure = "skipped: step '" + step.name() + "' failed";
                }
            }
        }
        return failure;
    }

    /** Runs the clean-up steps. A failed clean-up does not undo a measurement; the next set-up retries it. */
    public void cleanUp() {
        runPhase(Phase.CLEANUP);
    }

    /** Each recorded step's event, in the order the steps ran. */
    public List<TrialTimed> events() {
        return List.copyOf(events);
    }

    private String runPhase(Phase phase) {
        for (Step step : steps) {
            if (step.phase() == phase) {
                String error = record(step, null);
                if (error != null) {
                    String failure =
                            phase.name().toLowerCase(Locale.ROOT)
                                    + " step '"
                                    + step.name()
                                    + "' failed: "
                                    + error;
                    log.warn("{}", failure);
                    return failure;
                }
            }
        }
        return null;
    }

    /** Runs {@code step}, or records it unrun when {@code failure} is set; returns why it failed, or null. */
    private String record(Step step, String failure) {
        TrialTimed event = event(step, failure);
        events.add(event);
        return event.getOutcome() == Outcome.FAILED ? event.getError() : null;
    }

    private TrialTimed event(Step step, String earlierFailure) {
        if (earlierFailure == null) {
            starting.accept(step);
        }
        Instant start = now(clock);
        Instant end = start;
        long elapsed = 0;
        Map<String, Double> metrics = Map.of();
        String error = earlierFailure;
        if (error == null) {
            Timed timed = Timed.run(step.action(), step.phase() == Phase.MEASURED ? timeout : null);
            end = now(clock); // read once the clock stopped: the end as it happened
            elapsed = timed.nanos();
            metrics = timed.metrics();
            // a program's stderr may echo its command line: no secret goes into the event
            error = timed.error() == null ? null : Secrets.redactText(timed.error());
        }
        String phase = step.phase().name().toLowerCase(Locale.ROOT);
        String eventId =
                ref.trialId()
                        + "/"
                        + (step.phase() == Phase.MEASURED ? "" : phase + "/")
                        + step.name();
        TrialTimed event =
                ref.stamp(TrialTimed.newBuilder(), step.name())
                        .setEventId(eventId)
                        .setRepetition(repetition)
                        .setStartTime(start)
                        .setEndTime(end)
                        .setDurationNs(elapsed)
                        .setOutcome(error == null ? Outcome.OK : Outcome.FAILED)
                        .setError(error)
                        .setMetrics(metrics)
                        .setHostSettings(hostSettings)
                        .setPhase(phase)
                        .build();
        return error == null && step.after() != null ? after(step, event) : event;
    }

    /**
     * The step's event once its after-work ran (after the clock stopped): a new event with the
     * after-work's metrics joined to the step's, or failed with its failure. The measured event the
     * after-work read stays as it was built.
     */
    private static TrialTimed after(Step step, TrialTimed measured) {
        TrialTimed.Builder done = TrialTimed.newBuilder(measured);
        try {
            Map<String, Double> added = step.after().run(measured);
            Map<String, Double> all = new LinkedHashMap<>(measured.getMetrics());
            added.forEach(all::putIfAbsent);
            done.setMetrics(all);
        } catch (Exception e) {
            String failure =
                    Secrets.redactText("after step '" + step.name() + "': " + Timed.message(e));
            log.warn("{}", failure);
            done.setOutcome(Outcome.FAILED).setError(failure);
        }
        return done.build();
    }

    /** The wall-clock time now, to the microsecond an event holds. */
    static Instant now(Clock clock) {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }
}
