package storagebench.runner;

import java.time.Duration;

/**
 * Where a run is.
 *
 * @param trial the trial under way or just done, from 1
 * @param total the trials of the plan
 * @param variant the trial's variant label
 * @param warmup whether the trial is a warm-up
 * @param elapsed since this process started the run
 * @param left the estimate of what remains, or null before a trial has been done here
 * @param failures failed trials so far
 */
public record RunProgress(
        String runId,
        String experiment,
        int trial,
        int total,
        String variant,
        boolean warmup,
        Duration elapsed,
        Duration left,
        int failures) {}
