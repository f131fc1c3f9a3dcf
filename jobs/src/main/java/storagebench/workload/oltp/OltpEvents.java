package storagebench.workload.oltp;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import storagebench.events.ThroughputSample;
import storagebench.events.TrialRef;
import storagebench.events.TrialTimed;
import storagebench.workload.TrialContext;

/**
 * The measured step's events, built once its clock has stopped: a ThroughputSample per interval, and a
 * sub-step per transaction type ({@code run.new-order} …), a TrialTimed of the same trial whose duration
 * is the type's mean latency and whose metrics are its count, share, outcomes and latency percentiles.
 */
final class OltpEvents {
    private OltpEvents() {}

    /**
     * @param wallStart the wall-clock time read with {@code startNanos}, to place intervals in UTC
     */
    static List<ThroughputSample> samples(
            TrialContext trial,
            String step,
            Mix mix,
            int virtualUsers,
            List<ThroughputInterval> intervals,
            Instant wallStart,
            long startNanos) {
        TrialRef ref = trial.ref();
        List<ThroughputSample> samples = new ArrayList<>();
        for (ThroughputInterval interval : intervals) {
            Map<String, Long> byType = new LinkedHashMap<>();
            for (int t = 0; t < mix.types().size(); t++) {
                byType.put(
                        mix.types().get(t).name(), interval.commits()[t] + interval.rollbacks()[t]);
            }
            double ms = interval.millis();
            long newOrders = mix.newOrderType() < 0 ? 0 : interval.commits()[mix.newOrderType()];
            double[] latency = interval.latencyMs();
            samples.add(
                    ref.stamp(ThroughputSample.newBuilder(), step)
                            .setEventId(
                                    trial.trialId()
                                            + "/throughput/"
                                            + step
                                            + "/"
                                            + interval.index())
                            .setIntervalStart(
                                    wallStart
                                            .plusNanos(interval.startNanos() - startNanos)
                                            .truncatedTo(ChronoUnit.MICROS))
                            .setIntervalMs(ms)
                            .setVirtualUsers(virtualUsers)
                            .setTransactions(interval.transactions())
                            .setNewOrders(newOrders)
                            .setRollbacks(interval.allRollbacks())
                            .setRetries(interval.retries())
                            .setErrors(interval.errors())
                            .setTpm(ThroughputInterval.perMinute(interval.transactions(), ms))
                            .setNopm(ThroughputInterval.perMinute(newOrders, ms))
                            .setLatencyP50Ms(latency == null ? null : latency[0])
                            .setLatencyP95Ms(latency == null ? null : latency[1])
                            .setLatencyP99Ms(latency == null ? null : latency[2])
                            .setLatencyMaxMs(latency == null ? null : latency[3])
                            .setByType(byType)
                            .build());
        }
        return samples;
    }

    /** One sub-step per transaction type, of the measured event's trial, named {@code <step>.<type>}. */
    static List<TrialTimed> subSteps(
            TrialTimed measured, Mix mix, TxFigures[] total, double millis) {
        long completed = 0;
        for (TxFigures f : total) {
            completed += f.completed();
        }
        List<TrialTimed> steps = new ArrayList<>();
        for (int t = 0; t < mix.types().size(); t++) {
            String name = measured.getStep() + "." + mix.types().get(t).name();
            long mean = OltpMetrics.meanNanos(total[t]);
            steps.add(
                    TrialTimed.newBuilder(measured)
                            .setEventId(measured.getTrialId() + "/" + name)
                            .setStep(name)
                            .setDurationNs(mean)
                            .setEndTime(
                                    measured.getStartTime()
                                            .plusNanos(mean)
                                            .truncatedTo(ChronoUnit.MICROS))
                            .setMetrics(OltpMetrics.type(total[t], completed, millis))
                            .build());
        }
        return steps;
    }
}
