package storagebench.schedule;

import java.time.Duration;
import java.util.Optional;

/**
 * Which runs of a schedule are continued, how often and after what wait: a run that failed or could
 * not start is continued {@code retry} times, after {@code backoff}, doubled before each next one.
 *
 * @param retry how many times a run that did not complete is continued
 * @param backoff the wait before the first continuation
 */
record RetryPolicy(int retry, Duration backoff) {

    /** Why an attempt did not complete. */
    enum Failure {
        /** The run failed or could not start: continued while retries are left. */
        RUN_FAILED,
        /** It passed max-runtime: not continued (it can be, by hand). */
        MAX_RUNTIME,
        /** The service is ending: not continued here, but when a service is back (a recovery). */
        SERVICE_ENDING
    }

    static RetryPolicy of(Schedule schedule) {
        return new RetryPolicy(schedule.retry(), schedule.backoff());
    }

    /** Whether a run started or continued {@code attempts} times may be continued once more. */
    boolean left(int attempts) {
        return attempts <= retry;
    }

    /** The wait before continuing a run whose attempt {@code attempts} ended so, or empty: not continued. */
    Optional<Duration> after(int attempts, Failure failure) {
        if (failure != Failure.RUN_FAILED || !left(attempts)) {
            return Optional.empty();
        }
        return Optional.of(backoff.multipliedBy(1L << Math.min(20, attempts - 1)));
    }
}
