package storagebench.bench;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import storagebench.events.Outcome;
import storagebench.events.TrialRef;
import storagebench.events.TrialTimed;

/**
 * Synthetic but realistic {@link TrialTimed} events, a pure function of their index: runs of
 * {@value #RUN_SIZE} events, three experiments, a 3-factor matrix (12 variants) with repetitions,
 * warm-ups, a failure now and then, three metrics, start times 200 ms apart from a fixed base.
 */
public final class TrialEvents {
    static final int RUN_SIZE = 10_000;
    private static final String[] EXPERIMENTS = {"file-init", "filegroup-insert", "file-io"};
    private static final String[] STEPS = {"create-files", "insert-rows", "checkpoint"};
    private static final String[] IFI = {"on", "off"};
    private static final String[] FILES = {"4", "8", "16"};
    private static final String[] SIZES = {"8MB", "1024MB"};

    private final Instant base;

    public TrialEvents(Instant base) {
        this.base = base;
    }

    public TrialTimed event(long i) {
        long run = i / RUN_SIZE;
        int inRun = (int) (i % RUN_SIZE);
        int trial = inRun / STEPS.length;
        String step = STEPS[inRun % STEPS.length];
        String ifi = IFI[trial % 2];
        String files = FILES[(trial / 2) % 3];
        String size = SIZES[(trial / 6) % 2];
        String runId = "bench-" + run;
        String trialId = runId + "/" + trial;
        Map<String, String> factors = new HashMap<>(4);
        factors.put("ifi", ifi);
        factors.put("tempdb_files", files);
        factors.put("file_size", size);
        long hash = mix(i);
        long durationNs = 1_000_000L + Math.floorMod(hash, 4_000_000_000L);
        Map<String, Double> metrics = new HashMap<>(4);
        metrics.put("iops", 400.0 + Math.floorMod(hash >>> 7, 5000));
        metrics.put("mb_per_s", 20.0 + Math.floorMod(hash >>> 19, 18000) / 100.0);
        metrics.put("latency_ms", 0.2 + Math.floorMod(hash >>> 31, 4000) / 100.0);
        boolean failed = Math.floorMod(hash >>> 41, 100) == 0;
        Instant start = base.plusMillis(200 * i);
        TrialRef ref =
                new TrialRef(
                        runId,
                        EXPERIMENTS[(int) (run % EXPERIMENTS.length)],
                        "bench-host-" + (run % 4),
                        trialId,
                        trial,
                        "ifi=" + ifi + ", tempdb_files=" + files + ", file_size=" + size,
                        factors,
                        trial < 12);
        return ref.stamp(TrialTimed.newBuilder(), step)
                .setEventId(trialId + "/" + step)
                .setRepetition(1 + trial / 12)
                .setStartTime(start)
                .setEndTime(start.plusNanos(durationNs / 1000 * 1000))
                .setDurationNs(durationNs)
                .setOutcome(failed ? Outcome.FAILED : Outcome.OK)
                .setError(failed ? "timeout waiting for the checkpoint to finish" : null)
                .setMetrics(metrics)
                .build();
    }

    static long mix(long x) {
        long z = x * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
