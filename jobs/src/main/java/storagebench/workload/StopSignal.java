package storagebench.workload;

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * Tells a workload's workers (file-io's, oltp's virtual users) to stop, and whoever waits for them (a
 * sampler) that one failed, waking it at once: the first failure is kept, with its message.
 */
public final class StopSignal {
    private final AtomicReference<Exception> failure = new AtomicReference<>();
    private volatile Thread waiter;
    private volatile boolean stopped;

    public boolean stopped() {
        return stopped;
    }

    public void stop() {
        stopped = true;
    }

    public void fail(Exception e) {
        failure.compareAndSet(null, e);
        stopped = true;
        Thread w = waiter;
        if (w != null) {
            LockSupport.unpark(w);
        }
    }

    public Exception failure() {
        return failure.get();
    }

    /**
     * Parks the calling thread until {@code deadlineNanos} (System.nanoTime) or a failure; returns false
     * when it woke because of a failure or a stop.
     */
    public boolean sleepUntil(long deadlineNanos) throws InterruptedException {
        waiter = Thread.currentThread();
        long left;
        while (!stopped && (left = deadlineNanos - System.nanoTime()) > 0) {
            LockSupport.parkNanos(this, left);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
        return !stopped;
    }
}
