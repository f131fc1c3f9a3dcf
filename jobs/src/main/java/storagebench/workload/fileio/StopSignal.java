package storagebench.workload.fileio;

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/** Tells the workers to stop, and the sampler that a worker failed (waking it at once). */
final class StopSignal {
    private final Thread sampler;
    private final AtomicReference<Exception> failure = new AtomicReference<>();
    private volatile boolean stopped;

    StopSignal(Thread sampler) {
        this.sampler = sampler;
    }

    boolean stopped() {
        return stopped;
    }

    void stop() {
        stopped = true;
    }

    /** Keeps the first failure, stops every worker and wakes the sampler. */
    void fail(Exception e) {
        failure.compareAndSet(null, e);
        stopped = true;
        LockSupport.unpark(sampler);
    }

    Exception failure() {
        return failure.get();
    }

    /** Parks the sampler until the deadline; returns false early when the run was stopped. */
    boolean sleepUntil(long deadlineNanos) throws InterruptedException {
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
