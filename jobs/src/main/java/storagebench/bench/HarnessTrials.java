package storagebench.bench;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import storagebench.events.TrialTimed;

/**
 * One harness run's trials, in ms each: the overhead (from a trial's start to the next trial's, minus
 * its measured phase) and the three parts it is made of, from the trials' events and the times the
 * run's observer was told of them. For the floor, only {@code overhead} is filled (its transactions).
 *
 * @param runId the run, or empty for the floor
 * @param overhead per trial but the last
 * @param afterMeasured from the end of the measured phase to the trial told done: clean-up, building
 *     and encoding the events, handing them to the publisher, the progress line
 * @param handOver from there to the next trial starting: the chunk's end, reading the next trial (the
 *     trial's commit under way meanwhile)
 * @param setUp from there to the next trial's measured phase: host settings, set-up steps and the
 *     wait for the trial's commit
 * @param compileMs the time this process's JIT compilers spent compiling while the block ran, in ms
 *     ({@link java.lang.management.CompilationMXBean}), or -1 where not known: compiling on a core
 *     of two is time the block's commits did not have
 */
record HarnessTrials(
        String runId,
        List<Double> overhead,
        List<Double> afterMeasured,
        List<Double> handOver,
        List<Double> setUp,
        double compileMs) {

    /** The floor's transactions. */
    static HarnessTrials floor(List<Double> transactions) {
        return new HarnessTrials("", transactions, List.of(), List.of(), List.of(), -1);
    }

    /** These trials, with the JIT's compiling time while they ran. */
    HarnessTrials compiling(double ms) {
        return new HarnessTrials(runId, overhead, afterMeasured, handOver, setUp, ms);
    }

    /**
     * @param timed the run's measured events, by trial index
     * @param done when each trial (by index) was told done to the observer
     * @param starting when each trial was told starting
     */
    static HarnessTrials of(
            String runId,
            List<TrialTimed> timed,
            Map<Integer, Instant> done,
            Map<Integer, Instant> starting) {
        List<Double> overhead = new ArrayList<>();
        List<Double> afterMeasured = new ArrayList<>();
        List<Double> handOver = new ArrayList<>();
        List<Double> setUp = new ArrayList<>();
        for (int i = 1; i < timed.size(); i++) {
            TrialTimed previous = timed.get(i - 1);
            TrialTimed next = timed.get(i);
            Instant measuredEnd = previous.getStartTime().plusNanos(previous.getDurationNs());
            overhead.add(ms(measuredEnd, next.getStartTime()));
            Instant told = done.get(previous.getTrialIndex());
            Instant started = starting.get(next.getTrialIndex());
            if (told != null && started != null) {
                afterMeasured.add(ms(measuredEnd, told));
                handOver.add(ms(told, started));
                setUp.add(ms(started, next.getStartTime()));
            }
        }
        return new HarnessTrials(runId, overhead, afterMeasured, handOver, setUp, -1);
    }

    private static double ms(Instant from, Instant to) {
        return Duration.between(from, to).toNanos() / 1e6;
    }

    double median() {
        return PairRatios.median(overhead);
    }
}
