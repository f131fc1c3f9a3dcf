package storagebench.bench;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import storagebench.events.Outcome;
import storagebench.events.TrialRef;
import storagebench.events.TrialTimed;

/**
 * Synthetic trials of one experiment for {@code bench report}, a pure function of their index: a
 * two-factor matrix ({@code files} × {@code file-size}) of up to 100 variants run interleaved, in
 * runs of equal size, one measured step a trial, the first trial of each variant in a run a warm-up,
 * one in 200 failed. Each variant has a mean of its own (more and larger files are slower) and
 * log-normal spread of about 10%, so comparisons find real differences.
 */
final class ReportTrials {
    static final String EXPERIMENT = "bench-report";
    static final String HOST = "bench-host";
    static final String STEP = "insert";
    private static final String[] FILES = {
        "1", "2", "4", "8", "16", "32", "64", "128", "256", "512"
    };
    private static final String[] SIZES = {
        "8MB", "16MB", "32MB", "64MB", "128MB", "256MB", "512MB", "1GB", "2GB", "4GB"
    };

    private final Instant base;
    private final int variants;
    private final long perRun;

    /**
     * @param variants 1 to 100
     * @param perRun trials in each run, at least {@code variants}
     */
    ReportTrials(Instant base, int variants, long perRun) {
        this.base = base;
        this.variants = variants;
        this.perRun = perRun;
    }

    TrialTimed event(long i) {
        long run = i / perRun;
        long inRun = i % perRun;
        int variant = (int) (inRun % variants);
        String files = FILES[variant % FILES.length];
        String size = SIZES[variant / FILES.length];
        Map<String, String> factors = new LinkedHashMap<>(4);
        factors.put("files", files);
        factors.put("file-size", size);
        double mean = 0.05 * (1 + 0.1 * (variant % FILES.length)) * (1 + 0.05 * (variant / 10));
        double seconds = mean * Math.exp(0.1 * gaussian(i));
        long durationNs = Math.max(1, Math.round(seconds * 1e9));
        String runId = String.format("bench-%04d", run);
        String trialId = runId + "/" + inRun;
        boolean failed = Math.floorMod(TrialEvents.mix(i) >>> 17, 200) == 0;
        Instant start = base.plusMillis(200 * i);
        TrialRef trial =
                new TrialRef(
                        runId,
                        EXPERIMENT,
                        HOST,
                        trialId,
                        (int) inRun,
                        "files=" + files + ", file-size=" + size,
                        factors,
                        inRun < variants);
        return trial.stamp(TrialTimed.newBuilder(), STEP)
                .setEventId(trialId + "/" + STEP)
                .setRepetition((int) (inRun / variants))
                .setStartTime(start)
                .setEndTime(start.plusNanos(durationNs / 1000 * 1000))
                .setDurationNs(durationNs)
                .setOutcome(failed ? Outcome.FAILED : Outcome.OK)
                .setError(failed ? "disk full" : null)
                .setMetrics(Map.of("rows_per_s", 1e4 / seconds))
                .build();
    }

    /** A standard normal value from two uniform ones of the index (Box–Muller). */
    private static double gaussian(long i) {
        double u = (TrialEvents.mix(2 * i) >>> 11) * 0x1.0p-53;
        double v = (TrialEvents.mix(2 * i + 1) >>> 11) * 0x1.0p-53;
        return Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * v);
    }
}
