package storagebench.runner;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
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
        // built by hand: it is printed while the trial's commit is under way, on 2 cores beside it
        String text = doneLine(done, total, trial, result.measured(), elapsed, left);
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
    synchronized void recorded(Trial trial) {
        recorded++;
        RunProgress now = snapshot(trial, recorded);
        tell(o -> o.trialRecorded(now));
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

    /**
     * The line of a trial done: {@code trial 3/8 [files=4 init=zero] rep 1: run 12.3 ms | elapsed
     * 0:00:05, ~0:00:08 left}, each measured step's time or failure.
     */
    static String doneLine(
            int done,
            int total,
            Trial trial,
            List<TrialTimed> measured,
            long elapsedNanos,
            long leftNanos) {
        StringBuilder text =
                new StringBuilder(96)
                        .append("trial ")
                        .append(done)
                        .append('/')
                        .append(total)
                        .append(" [")
                        .append(trial.label())
                        .append("] ")
                        .append(trial.warmup() ? "warm-up" : "rep")
                        .append(' ')
                        .append(trial.repetition())
                        .append(": ");
        for (int i = 0; i < measured.size(); i++) {
            TrialTimed event = measured.get(i);
            text.append(i == 0 ? "" : ", ").append(event.getStep()).append(' ');
            if (event.getError() == null) {
                millis(text, event.getDurationNs());
            } else {
                text.append("FAILED: ").append(event.getError());
            }
        }
        text.append(" | elapsed ");
        clock(text, elapsedNanos);
        text.append(", ~");
        clock(text, leftNanos);
        return text.append(" left").toString();
    }

    /** {@code 12.3 ms}: tenths of a millisecond, rounded half up. */
    private static void millis(StringBuilder text, long nanos) {
        long tenths = Math.round(nanos / 1e5);
        text.append(tenths / 10).append('.').append(tenths % 10).append(" ms");
    }

    private static String clock(long nanos) {
        StringBuilder text = new StringBuilder(8);
        clock(text, nanos);
        return text.toString();
    }

    /** {@code 1:02:03}: hours, minutes, seconds. */
    private static void clock(StringBuilder text, long nanos) {
        Duration d = Duration.ofNanos(nanos);
        text.append(d.toHours()).append(':');
        two(text, d.toMinutesPart()).append(':');
        two(text, d.toSecondsPart());
    }

    private static StringBuilder two(StringBuilder text, int value) {
        return text.append(value < 10 ? "0" : "").append(value);
    }
}
