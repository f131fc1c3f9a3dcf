package storagebench.runner;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.infrastructure.item.ItemProcessor;
import storagebench.config.Secrets;
import storagebench.events.Outcome;
import storagebench.events.TrialRef;
import storagebench.events.TrialTimed;
import storagebench.experiment.Experiment;
import storagebench.experiment.Trial;
import storagebench.workload.Phase;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;

/**
 * Runs one trial: set-up steps, measured steps (each timed on the monotonic clock, nothing else
 * inside the timed span), clean-up steps even after a failure. Events are built after the
 * measured phase, never during it.
 */
final class TrialExecutor implements ItemProcessor<Trial, TrialResult> {
    private static final Logger log = LoggerFactory.getLogger(TrialExecutor.class);
    private final RunContext run;
    private final Progress progress;

    TrialExecutor(RunContext run, Progress progress) {
        this.run = run;
        this.progress = progress;
    }

    @Override
    public TrialResult process(Trial trial) {
        if (run.stop().requested()) {
            throw new RunStop.StoppedException(run.stop().reason());
        }
        progress.starting(trial);
        Experiment experiment = run.experiment();
        String trialId = trial.id(run.runId());
        TrialContext context =
                new TrialContext(
                        new TrialRef(
                                run.runId(),
                                experiment.name(),
                                run.host().getHostname(),
                                trialId,
                                trial.index(),
                                trial.label(),
                                trial.factors(),
                                trial.warmup()),
                        experiment.target(),
                        experiment.params(trial.factors()),
                        run.runDir().resolve("trials").resolve(trialId));
        List<Step> steps = experiment.workload().steps(context);
        List<SpecificRecord> events = new ArrayList<>();
        TrialSteps trialSteps;
        String failure;
        run.stop().enterTrial();
        try {
            try {
                Map<String, String> inForce = run.hostSettings().prepare(trial.factors());
                trialSteps = new TrialSteps(steps, recorder(trial, context.ref(), inForce, events));
                failure = trialSteps.setUp();
            } catch (HostSettings.SettingException e) {
                failure = e.getMessage();
                log.warn("{}", failure);
                trialSteps =
                        new TrialSteps(
                                steps.stream().filter(s -> s.phase() == Phase.MEASURED).toList(),
                                recorder(trial, context.ref(), Map.of(), events));
            }
            failure = trialSteps.measure(failure, () -> !run.stop().requested());
        } finally {
            // the trial's own work is over: from here on (clean-up, publishing) nothing is
            // interrupted
            run.stop().leaveTrial();
        }
        trialSteps.cleanUp();
        String full =
                DiskFull.says(failure)
                        ? failure
                        : TrialResult.measured(events).stream()
                                .map(TrialTimed::getError)
                                .filter(DiskFull::says)
                                .findFirst()
                                .orElse(null);
        if (full != null) {
            // not the trial's result but its disk's: not recorded, the run ends here (FAILED) and a
            // restart once space is freed runs the trial again
            log.warn(
                    "trial {} not recorded: {} under its directory",
                    trial.index() + 1,
                    DiskFull.ENOSPC);
            throw new DiskFull.Stop(full);
        }
        if (run.stop().requested()) {
            log.info(
                    "trial {} abandoned ({}): cleaned up, not recorded",
                    trial.index() + 1,
                    run.stop().reason());
            throw new RunStop.StoppedException(run.stop().reason());
        }
        events.addAll(context.emitted());
        TrialResult result = new TrialResult(trial.index(), events);
        progress.done(trial, result);
        return result;
    }

    /** Each step as an event into {@code events}, in the order the steps run. */
    private TrialSteps.Recorder recorder(
            Trial trial, TrialRef ref, Map<String, String> inForce, List<SpecificRecord> events) {
        return (step, failure) -> {
            TrialTimed event = measure(trial, ref, step, failure, inForce);
            events.add(event);
            return event.getOutcome() == Outcome.FAILED ? event.getError() : null;
        };
    }

    private TrialTimed measure(
            Trial trial,
            TrialRef ref,
            Step step,
            String earlierFailure,
            Map<String, String> inForce) {
        Instant start = now();
        Instant end = start;
        long elapsed = 0;
        Map<String, Double> metrics = Map.of();
        String error = earlierFailure;
        if (error == null) {
            Timed timed =
                    Timed.run(
                            step.action(),
                            step.phase() == Phase.MEASURED ? run.experiment().timeout() : null);
            end = now(); // read once the clock stopped: the end as it happened, not start + elapsed
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
                        .setRepetition(trial.repetition())
                        .setStartTime(start)
                        .setEndTime(end)
                        .setDurationNs(elapsed)
                        .setOutcome(error == null ? Outcome.OK : Outcome.FAILED)
                        .setError(error)
                        .setMetrics(metrics)
                        .setHostSettings(inForce)
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

    static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }
}
