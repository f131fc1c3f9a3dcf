package storagebench.runner;

import java.time.Instant;

/**
 * What started a run other than a person: the schedule that fired it, when it was meant to start and
 * when the scheduler fired it. Recorded in RunStarted.
 */
public record RunTrigger(String schedule, Instant scheduledTime, Instant fireTime) {}
