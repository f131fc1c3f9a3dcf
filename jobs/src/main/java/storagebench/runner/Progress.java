package storagebench.runner;

import java.time.Duration;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.events.TrialTimed;
import storagebench.experiment.Trial;

/** Counts trials and failures and tells how far the run is, one line per trial. */
final class Progress {
    private static final Logger log = LoggerFactory.getLogger(Progress.class);
    private final int total;
    private final long started = System.nanoTime();
    private int done;
    private int failures;
    private int doneHere;

    Progress(int total, int alreadyDone, int alreadyFailed) {
        this.total = total;
        this.done = alreadyDone;
        this.failures = alreadyFailed;
    }

    synchronized void skipped(Trial trial) {
        // counted in alreadyDone
    }

    synchronized void done(Trial trial, TrialResult result) {
        done++;
        doneHere++;
        if (result.failed()) {
            failures++;
        }
        long elapsed = System.nanoTime() - started;
        long left = (long) ((double) elapsed / doneHere * (total - done));
        StringBuilder steps = new StringBuilder();
        for (TrialTimed event : result.events()) {
            steps.append(steps.length() == 0 ? "" : ", ").append(event.getStep()).append(' ')
                    .append(event.getError() == null ? millis(event.getDurationNs()) : "FAILED: " + event.getError());
        }
        log.info("trial {}/{} [{}] {} {}: {} | elapsed {}, ~{} left", done, total, trial.label(),
                trial.warmup() ? "warm-up" : "rep", trial.repetition(), steps, clock(elapsed), clock(left));
    }

    synchronized int done() {
        return done;
    }

    synchronized int failures() {
        return failures;
    }

    private static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
    }

    private static String clock(long nanos) {
        Duration d = Duration.ofNanos(nanos);
        return String.format(Locale.ROOT, "%d:%02d:%02d", d.toHours(), d.toMinutesPart(), d.toSecondsPart());
    }
}
