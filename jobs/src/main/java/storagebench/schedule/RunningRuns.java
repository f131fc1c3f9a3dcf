package storagebench.schedule;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import storagebench.runner.RunStop;

/** The scheduled runs under way in this process, by run id: what a service's end or max-runtime stops. */
public final class RunningRuns {
    private final Map<String, RunStop> stops = new ConcurrentHashMap<>();
    private volatile String closing;

    void add(String runId, RunStop stop) {
        stops.put(runId, stop);
        if (closing != null) {
            stop.request(closing);
        }
    }

    void remove(String runId) {
        stops.remove(runId);
    }

    /** Stops every run under way, and every run that starts from now on: the service is ending. */
    public void stopAll(String why) {
        closing = why;
        stops.values().forEach(s -> s.request(why));
    }

    /** Whether no run is under way. */
    public boolean none() {
        return stops.isEmpty();
    }

    public boolean closing() {
        return closing != null;
    }

    /** Waits, unless the service ends meanwhile; whether it waited all of {@code wait}. */
    boolean pause(Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        while (System.nanoTime() < deadline) {
            if (closing()) {
                return false;
            }
            try {
                Thread.sleep(
                        Math.min(500, Math.max(1, (deadline - System.nanoTime()) / 1_000_000)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }
}
