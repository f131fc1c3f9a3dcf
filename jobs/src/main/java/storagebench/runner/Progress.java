package storagebench.runner;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.events.TrialTimed;
import storagebench.experiment.Trial;

/**
 * Counts trials and failures and tells how far the run is: on a terminal one live line, rewritten
 * at the start and end of each trial (never during a measured step); otherwise one log line per trial.
 */
final class Progress {
    private static final Logger log = LoggerFactory.getLogger(Progress.class);
    private final boolean terminal =
            System.console() != null && System.getenv("STORAGEBENCH_PLAIN") == null;
    private final PrintStream out = System.err;
    private final String runId;
    private final String experiment;
    private final int total;
    private final RunObserver observer;
    private final long started = System.nanoTime();
    private int done;
    private int failures;
    private int doneHere;
    private int recorded;

    Progress(
            String runId,
            String experiment,
            int total,
            int alreadyDone,
            int alreadyFailed,
            RunObserver observer) {
        this.runId = runId;
        this.experiment = experiment;
        this.total = total;
        this.done = alreadyDone;
        this.recorded = alreadyDone;
        this.failures = alreadyFailed;
        this.observer = observer;
    }

    Progress(int total, int alreadyDone, int alreadyFailed) {
        this("", "", total, alreadyDone, alreadyFailed, RunObserver.NONE);
    }

    /** Where the run is, with {@code trial} the trial under way or just done. */
    private RunProgress snapshot(Trial trial, int number) {
        long elapsed = System.nanoTime() - started;
        Duration left =
                doneHere == 0
                        ? null
                        : Duration.ofNanos((long) ((double) elapsed / doneHere * (total - done)));
        return new RunProgress(
                runId,
                experiment,
                number,
                total,
                trial.label(),
                trial.warmup(),
                Duration.ofNanos(elapsed),
                left,
                failures);
    }

    /** Tells the observer; one that fails is logged, never the run's failure. */
    private void tell(Consumer<RunObserver> call) {
        try {
            call.accept(observer);
        } catch (RuntimeException e) {
            log.warn("the run's progress could not be passed on: {}", e.getMessage());
        }
    }

    /** Called before a trial's set-up, outside any measured span. */
    synchronized void starting(Trial trial) {
        RunProgress now = snapshot(trial, done + 1);
        tell(o -> o.trialStarting(now));
        if (terminal) {
            long elapsed = System.nanoTime() - started;
            line(
                    String.format(
                            Locale.ROOT,
                            "trial %d/%d [%s] %s %d running | elapsed %s%s",
                            done + 1,
                            total,
                            trial.label(),
                            trial.warmup() ? "warm-up" : "rep",
                            trial.repetition(),
                            clock(elapsed),
                            doneHere == 0
                                    ? ""
                                    : ", ~"
                                            + clock(
                                                    (long)
                                                            ((double) elapsed
                                                                    / doneHere
                                                                    * (total - done)))
                                            + " left"));
        }
    }

    /** Ends the live line so what follows starts on a line of its own. */
    synchronized void finish() {
        if (terminal) {
            out.println();
        }
    }

    private void line(String text) {
        out.print("\r\033[K" + text);
        out.flush();
    }

    synchronized void done(Trial trial, TrialResult result) {
        done++;
        doneHere++;
        if (result.failed()) {
            failures++;
        }
        RunProgress now = snapshot(trial, done);
        tell(o -> o.trialDone(now));
        long elapsed = System.nanoTime() - started;
        long left = (long) ((double) elapsed / doneHere * (total - done));
        StringBuilder steps = new StringBuilder();
        for (TrialTimed event : result.measured()) {
            steps.append(steps.length() == 0 ? "" : ", ")
                    .append(event.getStep())
                    .append(' ')
                    .append(
                            event.getError() == null
                                    ? millis(event.getDurationNs())
                                    : "FAILED: " + event.getError());
        }
        String text =
                String.format(
                        Locale.ROOT,
                        "trial %d/%d [%s] %s %d: %s | elapsed %s, ~%s left",
                        done,
                        total,
                        trial.label(),
                        trial.warmup() ? "warm-up" : "rep",
                        trial.repetition(),
                        steps,
                        clock(elapsed),
                        clock(left));
        if (!terminal) {
            log.info(text);
        } else if (result.failed()) {
            line(text);
            out.println();
        } else {
            line(text);
        }
    }

    /** A trial's events are in the topic. */
    synchronized void recorded() {
        recorded++;
    }

    /** How many trials have their events in the topic, earlier attempts' included. */
    synchronized int recordedCount() {
        return recorded;
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
        return String.format(
                Locale.ROOT, "%d:%02d:%02d", d.toHours(), d.toMinutesPart(), d.toSecondsPart());
    }
}
