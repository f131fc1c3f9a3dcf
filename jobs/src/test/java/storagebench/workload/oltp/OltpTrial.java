package storagebench.workload.oltp;

import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import storagebench.dbms.DatabaseTarget;
import storagebench.events.IoSample;
import storagebench.events.Outcome;
import storagebench.events.ThroughputSample;
import storagebench.events.TrialRef;
import storagebench.events.TrialTimed;
import storagebench.workload.Params;
import storagebench.workload.Phase;
import storagebench.workload.Step;
import storagebench.workload.TestParams;
import storagebench.workload.TrialContext;

/**
 * One oltp trial run as the runner runs it: set-up, the measured step and its after-work, clean-up
 * always; what it measured and emitted. For the tests of this package.
 *
 * @param setup each set-up step's metrics, by step
 * @param measured the measured step's metrics, after-work included
 * @param events what the trial emitted
 */
record OltpTrial(
        Map<String, Map<String, Double>> setup,
        Map<String, Double> measured,
        List<SpecificRecord> events) {

    /** A small tpcc schema: 1,000 items, 30 customers per district. */
    static final TpccScale SMALL = new TpccScale(1_000, 30);

    static Params params(DatabaseOltp workload, String... values) {
        return TestParams.of(workload, values);
    }

    static OltpTrial run(
            DatabaseOltp workload, DatabaseTarget target, Params params, Path dir, int index)
            throws Exception {
        workload.preflight(target, List.of(params));
        TrialContext trial =
                new TrialContext(
                        new TrialRef(
                                "run-oltp",
                                "oltp-test",
                                "host",
                                "trial-" + index,
                                index,
                                "virtual-users=" + params.getInt("virtual-users"),
                                Map.of(
                                        "virtual-users",
                                        String.valueOf(params.getInt("virtual-users"))),
                                false),
                        target,
                        params,
                        dir.resolve("out"));
        List<Step> steps = workload.steps(trial);
        Map<String, Map<String, Double>> setup = new LinkedHashMap<>();
        Map<String, Double> measured = null;
        try {
            for (Step step : steps) {
                if (step.phase() == Phase.SETUP) {
                    setup.put(step.name(), step.action().run());
                }
            }
            for (Step step : steps) {
                if (step.phase() == Phase.MEASURED) {
                    Instant start = Instant.now();
                    long t0 = System.nanoTime();
                    measured = new LinkedHashMap<>(step.action().run());
                    long nanos = System.nanoTime() - t0;
                    if (step.after() != null) {
                        measured.putAll(
                                step.after().run(timed(trial, step, start, nanos, measured)));
                    }
                }
            }
        } finally {
            for (Step step : steps) {
                if (step.phase() == Phase.CLEANUP) {
                    step.action().run();
                }
            }
        }
        return new OltpTrial(setup, measured, trial.emitted());
    }

    private static TrialTimed timed(
            TrialContext trial, Step step, Instant start, long nanos, Map<String, Double> metrics) {
        return TrialTimed.newBuilder()
                .setEventId(trial.trialId() + "/" + step.name())
                .setRunId(trial.runId())
                .setExperiment(trial.experiment())
                .setHost(trial.host())
                .setTrialId(trial.trialId())
                .setTrialIndex(trial.trialIndex())
                .setVariant(trial.variant())
                .setFactors(trial.factors())
                .setRepetition(1)
                .setWarmup(false)
                .setStep(step.name())
                .setStartTime(start)
                .setEndTime(start.plusNanos(nanos))
                .setDurationNs(nanos)
                .setOutcome(Outcome.OK)
                .setError(null)
                .setMetrics(metrics)
                .setHostSettings(Map.of())
                .setPhase("measured")
                .build();
    }

    List<ThroughputSample> samples() {
        return events.stream()
                .filter(ThroughputSample.class::isInstance)
                .map(ThroughputSample.class::cast)
                .toList();
    }

    List<IoSample> ioSamples() {
        return events.stream()
                .filter(IoSample.class::isInstance)
                .map(IoSample.class::cast)
                .toList();
    }

    List<TrialTimed> subSteps() {
        return events.stream()
                .filter(TrialTimed.class::isInstance)
                .map(TrialTimed.class::cast)
                .toList();
    }
}
