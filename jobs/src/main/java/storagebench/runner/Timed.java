package storagebench.runner;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import storagebench.workload.Step;

/**
 * A measured action and its duration on the monotonic clock, read right before and right after
 * the action on the thread that runs it. With a timeout the action runs on its own thread, which
 * is interrupted when the time is up.
 *
 * @param nanos the measured duration
 * @param metrics what the action reported, empty on failure
 * @param error why it failed, or null
 */
public record Timed(long nanos, Map<String, Double> metrics, String error) {

    public static Timed run(Step.Action action, Duration timeout) {
        if (timeout == null) {
            return measure(action);
        }
        CompletableFuture<Timed> future = new CompletableFuture<>();
        Thread worker = new Thread(() -> future.complete(measure(action)), "measured-step");
        worker.setDaemon(true);
        long start = System.nanoTime();
        worker.start();
        try {
            return future.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            worker.interrupt();
            return new Timed(
                    System.nanoTime() - start, Map.of(), "timed out after " + describe(timeout));
        } catch (InterruptedException e) {
            worker.interrupt();
            Thread.currentThread().interrupt();
            return new Timed(System.nanoTime() - start, Map.of(), "interrupted");
        } catch (ExecutionException e) {
            return new Timed(System.nanoTime() - start, Map.of(), message(e.getCause()));
        }
    }

    private static Timed measure(Step.Action action) {
        long t0 = System.nanoTime();
        try {
            Map<String, Double> metrics = action.run();
            long elapsed = System.nanoTime() - t0;
            return new Timed(elapsed, metrics == null ? Map.of() : metrics, null);
        } catch (Exception e) {
            return new Timed(System.nanoTime() - t0, Map.of(), message(e));
        }
    }

    static String message(Throwable e) {
        return e.getMessage() == null
                ? e.getClass().getSimpleName()
                : e.getClass().getSimpleName() + ": " + e.getMessage();
    }

    private static String describe(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }
}
