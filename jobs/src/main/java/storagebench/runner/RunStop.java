package storagebench.runner;

/**
 * A request to stop a run (SIGTERM, Ctrl-C): the trial under way is abandoned — its measuring thread
 * interrupted, its events never published, its untimed clean-up run — and no further trial starts. The
 * run ends STOPPED and is continued with {@code run --restart}, which runs the abandoned trial again.
 * Only a thread inside a trial is interrupted: publishing (the trial's commit) is never cut.
 */
public final class RunStop {
    private String reason;
    private Thread trial;

    /** Asks the run to stop; {@code why} names what asked (e.g. {@code SIGTERM}). */
    public synchronized void request(String why) {
        if (reason == null) {
            reason = why;
            if (trial != null) {
                trial.interrupt();
            }
        }
    }

    public synchronized boolean requested() {
        return reason != null;
    }

    public synchronized String reason() {
        return reason;
    }

    /** The calling thread runs a trial from now on; it is interrupted if a stop is requested. */
    synchronized void enterTrial() {
        trial = Thread.currentThread();
        if (reason != null) {
            trial.interrupt();
        }
    }

    /** The trial's measured phase is over: no interrupt from now on, and a pending one is cleared. */
    synchronized void leaveTrial() {
        trial = null;
        Thread.interrupted();
    }

    /** Thrown once a stopped trial has been cleaned up: the chunk must not commit. */
    static final class StoppedException extends RuntimeException {
        StoppedException(String reason) {
            super("stopped by " + reason);
        }
    }
}
