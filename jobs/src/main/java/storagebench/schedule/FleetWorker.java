package storagebench.schedule;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One service's side of the fleet firings: it takes its host's shares ({@link FleetFirings}) as they
 * are written and runs each as a firing of its own ({@link FiringMachine}, through {@link
 * ScheduledRunner}), on up to four at once as Quartz's own workers. A share found late — its host was
 * down when the fleet firing came — follows the schedule's misfire policy: {@code run-once} runs the
 * latest late share of each schedule (none when one is due now), {@code skip} none. At start, the
 * shares its host took and did not end (the service killed, or stopped in their middle) are continued
 * per {@code retry}: no other service continues them.
 *
 * <p>A share is taken only when one of the four is free. A host busy with earlier firings leaves its
 * new shares pending, and they follow the misfire policy once they are late, as Quartz's own triggers
 * do when its workers are busy: a share is never taken and then kept waiting for a thread, where its
 * start would come late without anyone having decided to run it late.
 */
public final class FleetWorker implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(FleetWorker.class);

    /** How often the service looks for its host's shares. */
    public static final Duration POLL = Duration.ofSeconds(1);

    /** How many of its host's shares a service runs at once. */
    static final int THREADS = 4;

    private final FleetFirings fleet;
    private final Firings firings;
    private final Schedules schedules;
    private final Fire runner;
    private final RunningRuns running;
    private final String host;
    private final Semaphore free = new Semaphore(THREADS);
    private final ExecutorService workers =
            Executors.newFixedThreadPool(
                    THREADS,
                    r -> {
                        Thread t = new Thread(r, "fleet-firing");
                        t.setDaemon(true);
                        return t;
                    });

    /** What runs a share: {@link ScheduledRunner#fire}. */
    interface Fire {
        void fire(ScheduledRunner.Request request);
    }

    public FleetWorker(
            FleetFirings fleet,
            Firings firings,
            Schedules schedules,
            ScheduledRunner runner,
            RunningRuns running,
            String host) {
        this(fleet, firings, schedules, runner::fire, running, host);
    }

    FleetWorker(
            FleetFirings fleet,
            Firings firings,
            Schedules schedules,
            Fire runner,
            RunningRuns running,
            String host) {
        this.fleet = fleet;
        this.firings = firings;
        this.schedules = schedules;
        this.runner = runner;
        this.running = running;
        this.host = host;
    }

    /**
     * Continues the shares this host took whose firing did not end.
     *
     * @return how many
     */
    public int continueOwn() {
        int n = 0;
        Instant late = Instant.now().minus(QuartzProperties.MISFIRE);
        Map<String, List<FleetFirings.Share>> notStarted = new LinkedHashMap<>();
        for (FleetFirings.Share share : fleet.of(host, FleetFirings.State.TAKEN)) {
            Optional<Firing> firing = firings.find(share.firingId());
            if (firing.isPresent() && firing.get().runId() != null) {
                // a run under way (or stopped with the service): continued per retry
                if (!firing.get().status().ended()
                        || firing.get().status() == Firing.Status.INTERRUPTED) {
                    run(share, false);
                    n++;
                }
            } else if (firing.isEmpty() || !firing.get().status().ended()) {
                notStarted.computeIfAbsent(share.schedule(), k -> new ArrayList<>()).add(share);
            }
        }
        // taken but not started (waiting for its target): as late as a share found pending
        for (List<FleetFirings.Share> shares : notStarted.values()) {
            Optional<Schedule> schedule = schedules.get(shares.get(0).schedule());
            for (FleetFirings.Share share : shares) {
                if (schedule.isPresent() && chosen(schedule.get().misfire(), share, shares, late)) {
                    run(share, false);
                    n++;
                } else {
                    firings.find(share.firingId())
                            .ifPresent(
                                    f ->
                                            firings.save(
                                                    f.now(
                                                            null,
                                                            Firing.Status.SKIPPED,
                                                            f.attempts(),
                                                            "not started before the service of host "
                                                                    + host
                                                                    + " ended; left out (misfire)",
                                                            Instant.now(),
                                                            host)));
                }
            }
        }
        return n;
    }

    /** One look at this host's pending shares: each taken and run, or left out per misfire. */
    public void poll() {
        if (running.closing()) {
            return;
        }
        Instant late = Instant.now().minus(QuartzProperties.MISFIRE);
        Map<String, List<FleetFirings.Share>> bySchedule = new LinkedHashMap<>();
        for (FleetFirings.Share share : fleet.of(host, FleetFirings.State.PENDING)) {
            bySchedule.computeIfAbsent(share.schedule(), k -> new ArrayList<>()).add(share);
        }
        bySchedule.forEach(
                (name, shares) -> {
                    Optional<Schedule> schedule = schedules.get(name);
                    for (FleetFirings.Share share : shares) {
                        boolean run =
                                schedule.isPresent()
                                        && chosen(schedule.get().misfire(), share, shares, late);
                        if (run && !free.tryAcquire()) {
                            // every thread busy: left pending, late by the next look if it stays so
                            continue;
                        }
                        boolean settled =
                                fleet.settle(
                                        share,
                                        run ? FleetFirings.State.TAKEN : FleetFirings.State.MISSED);
                        if (settled && run) {
                            run(share, true);
                        } else if (run) {
                            free.release();
                        } else {
                            log.info(
                                    "schedule {}: the fleet firing due {} came while host {} was down"
                                            + " or busy; left out (misfire: {})",
                                    name,
                                    share.scheduled(),
                                    host,
                                    schedule.map(
                                                    s ->
                                                            s.misfire()
                                                                    .name()
                                                                    .toLowerCase(
                                                                            java.util.Locale.ROOT)
                                                                    .replace('_', '-'))
                                            .orElse("no such schedule"));
                        }
                    }
                });
    }

    /**
     * Whether a share is run: on time, or the latest late one of its schedule when none is on time and
     * the policy is {@code run-once}.
     */
    static boolean chosen(
            Schedule.Misfire misfire,
            FleetFirings.Share share,
            List<FleetFirings.Share> pending,
            Instant late) {
        if (!share.scheduled().isBefore(late)) {
            return true;
        }
        if (misfire == Schedule.Misfire.SKIP
                || pending.stream().anyMatch(s -> !s.scheduled().isBefore(late))) {
            return false;
        }
        FleetFirings.Share latest = pending.get(pending.size() - 1);
        return latest.equals(share);
    }

    /**
     * Runs a share on one of the threads: {@code held}, with the thread's permit taken by the caller;
     * otherwise (a share continued at start) it takes one first, waiting for it.
     */
    private void run(FleetFirings.Share share, boolean held) {
        workers.submit(
                () -> {
                    if (!held) {
                        free.acquireUninterruptibly();
                    }
                    try {
                        runner.fire(
                                new ScheduledRunner.Request(
                                        share.schedule(),
                                        share.trigger(),
                                        share.scheduled(),
                                        Instant.now(),
                                        share.firingId()));
                    } catch (RuntimeException e) {
                        log.warn(
                                "schedule {}: host {}'s share of the fleet firing due {} failed: {}",
                                share.schedule(),
                                host,
                                share.scheduled(),
                                e.getMessage());
                    } finally {
                        free.release();
                    }
                });
    }

    @Override
    public void close() {
        workers.shutdown();
    }
}
