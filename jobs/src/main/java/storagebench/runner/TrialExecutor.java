package storagebench.runner;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.avro.specific.SpecificRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.infrastructure.item.ItemProcessor;
import storagebench.events.HostSample;
import storagebench.events.TrialRef;
import storagebench.events.TrialTimed;
import storagebench.events.WaitSample;
import storagebench.experiment.Experiment;
import storagebench.experiment.Trial;
import storagebench.probe.HostSampler;
import storagebench.probe.waits.WaitSampler;
import storagebench.workload.Phase;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;

/**
 * Runs one trial: its context and host settings, its steps through {@link TrialSteps} (each timed on
 * the monotonic clock, its event built after the clock stopped), then the trial's one list of events:
 * the steps' in the order they ran, then what the workload observed, the host's samples and the
 * database server's waits over the measured phase (read between the steps' clocks, never inside one).
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
        TrialSteps trialSteps;
        String failure;
        RuntimeException unpublished = null;
        HostSampler sampler = run.sampler();
        sampler.begin(context.ref());
        List<HostSample> hostSamples;
        List<WaitSample> waits = List.of();
        run.stop().enterTrial();
        try {
            try {
                Map<String, String> inForce = run.hostSettings().prepare(trial.factors());
                trialSteps = steps(steps, trial, context.ref(), inForce);
                failure = trialSteps.setUp();
            } catch (HostSettings.SettingException e) {
                failure = e.getMessage();
                log.warn("{}", failure);
                trialSteps =
                        steps(
                                steps.stream().filter(s -> s.phase() == Phase.MEASURED).toList(),
                                trial,
                                context.ref(),
                                Map.of());
            }
            // the trial before is committed on the topic before this one's measured phase begins
            // (its commit ran beside this trial's set-up)
            unpublished = published();
            if (unpublished == null) {
                // the waits are read between the steps' clocks: before the first, after the last
                WaitSampler.Phase measured =
                        failure == null
                                ? run.waits().begin(context.ref(), measuredSteps(steps))
                                : WaitSampler.Phase.NONE;
                try {
                    failure = trialSteps.measure(failure, () -> !run.stop().requested());
                } finally {
                    waits = measured.end();
                }
            }
        } finally {
            hostSamples = sampler.end();
            // the trial's own work is over: from here on (clean-up, publishing) nothing is
            // interrupted
            run.stop().leaveTrial();
        }
        trialSteps.cleanUp();
        if (unpublished != null) {
            throw unpublished;
        }
        String full =
                DiskFull.says(failure)
                        ? failure
                        : TrialResult.measured(trialSteps.events()).stream()
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
        List<SpecificRecord> events = new ArrayList<>(trialSteps.events());
        events.addAll(context.emitted());
        events.addAll(hostSamples);
        events.addAll(waits);
        // told done by the writer, once the events are handed to the publisher
        return new TrialResult(trial, events);
    }

    /** The measured steps' names, joined by '+': the wait rows' step. */
    private static String measuredSteps(List<Step> steps) {
        return steps.stream()
                .filter(s -> s.phase() == Phase.MEASURED)
                .map(Step::name)
                .collect(Collectors.joining("+"));
    }

    /** Waits for the trial before's commit: null once it is on the topic, else why it is not. */
    private RuntimeException published() {
        try {
            run.publisher().awaitPublished();
            return null;
        } catch (RuntimeException e) {
            return e;
        }
    }

    private TrialSteps steps(
            List<Step> steps, Trial trial, TrialRef ref, Map<String, String> inForce) {
        return new TrialSteps(
                        steps,
                        ref,
                        trial.repetition(),
                        run.experiment().timeout(),
                        inForce,
                        Clock.systemUTC())
                .watching(
                        step ->
                                run.sampler()
                                        .step(
                                                step.name(),
                                                step.phase().name().toLowerCase(Locale.ROOT)));
    }

    static Instant now() {
        return TrialSteps.now(Clock.systemUTC());
    }
}
