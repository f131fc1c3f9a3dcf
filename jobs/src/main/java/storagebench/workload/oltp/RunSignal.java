package storagebench.workload.oltp;

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * Tells the virtual users to stop, and whoever waits for them that one failed (waking it at once): the
 * first failure is kept, with the server's message.
 */
final class RunSignal {
    private final AtomicReference<Exception> failure = new AtomicReference<>();
    private volatile Thread waiter;
    private volatile boolean stopped;

    boolean stopped() {
        return stopped;
    }

    void stop() {
        stopped = true;
    }

    void fail(Exception e) {
        failure.compareAndSet(null, e);
        stopped = true;
        Thread w = waiter;
        if (w != null) {
            LockSupport.unpark(w);
        }
    }

    Exception failure() {
        return failure.get();
    }

    /**
     * Parks the calling thread until {@code deadlineNanos} (System.nanoTime) or a failure; returns false
     * when it woke because of a failure or a stop.
     */
    boolean sleepUntil(long deadlineNanos) throws InterruptedException {
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
