package storagebench.serve;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.quartz.Scheduler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import storagebench.schedule.FleetWorker;
import storagebench.schedule.HostRegistry;
import storagebench.schedule.RunningRuns;
import storagebench.schedule.ScheduleControl;
import storagebench.schedule.ScheduleSync;
import storagebench.schedule.Schedules;

/**
 * The service's start and end. At start: the schedules file's schedules into the job repository, and
 * a continuation fired for each run the previous service's end interrupted; then the file (and the
 * experiments it names), the job repository and the dataset the dashboard shows looked at again every
 * few seconds. At the end (SIGTERM): the runs under way
 * stop their trial cleanly (restartable; the next start continues them per retry), then the sink
 * rolls its files.
 */
final class ServeLifecycle implements DisposableBean {
    private static final Logger log = LoggerFactory.getLogger(ServeLifecycle.class);
    static final Duration REFRESH = Duration.ofSeconds(10);
    static final Duration WATCH = Duration.ofSeconds(3);
    private static final Duration STOP_WAIT = Duration.ofSeconds(90);

    private final Scheduler scheduler;
    private final Schedules schedules;
    private final ScheduleControl control;
    private final RunningRuns running;
    private final SinkLoop sink;
    private final RepositoryWatch repository;
    private final DatasetViews dataset;
    private final HostRegistry hosts;
    private final HostRegistry.Identity host;
    private final FleetWorker fleet;
    private final ScheduledExecutorService fleetLook = daemon("fleet-firings");
    private final ScheduledExecutorService beater = daemon("host-heartbeat");
    private final ScheduledExecutorService watcher = daemon("repository-watch");
    private final ScheduledExecutorService refresher = daemon("schedules-refresh");

    ServeLifecycle(
            Scheduler scheduler,
            Schedules schedules,
            ScheduleControl control,
            RunningRuns running,
            SinkLoop sink,
            RepositoryWatch repository,
            DatasetViews dataset,
            HostRegistry hosts,
            HostRegistry.Identity host,
            FleetWorker fleet) {
        this.scheduler = scheduler;
        this.schedules = schedules;
        this.control = control;
        this.running = running;
        this.sink = sink;
        this.repository = repository;
        this.dataset = dataset;
        this.hosts = hosts;
        this.host = host;
        this.fleet = fleet;
    }

    @EventListener(ApplicationReadyEvent.class)
    void started() {
        sink.start();
        ScheduleSync.sync(scheduler, schedules);
        int continued = control.continueInterrupted();
        if (continued > 0) {
            log.info("continuing {} run(s) the last service's end interrupted", continued);
        }
        hosts.register(host);
        int own = fleet.continueOwn();
        if (own > 0) {
            log.info(
                    "continuing {} share(s) of fleet firings host {} took before",
                    own,
                    host.name());
        }
        fleetLook.scheduleWithFixedDelay(
                this::lookForShares, 0, FleetWorker.POLL.toMillis(), TimeUnit.MILLISECONDS);
        beater.scheduleWithFixedDelay(
                this::beat,
                HostRegistry.BEAT.toMillis(),
                HostRegistry.BEAT.toMillis(),
                TimeUnit.MILLISECONDS);
        refresher.scheduleWithFixedDelay(
                this::refresh, REFRESH.toMillis(), REFRESH.toMillis(), TimeUnit.MILLISECONDS);
        watcher.scheduleWithFixedDelay(
                repository::check, WATCH.toMillis(), WATCH.toMillis(), TimeUnit.MILLISECONDS);
        // the dashboard's reading of the dataset, kept current off the requests' path
        refresher.scheduleWithFixedDelay(
                dataset::refresh, 0, WATCH.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void refresh() {
        if (repository.lost()) {
            return;
        }
        try {
            if (schedules.refresh()) {
                ScheduleSync.sync(scheduler, schedules);
            }
        } catch (RuntimeException e) {
            log.warn("the schedules could not be refreshed: {}", e.getMessage());
        }
    }

    /** This host's shares of fleet firings, taken and run. */
    private void lookForShares() {
        if (repository.lost()) {
            return;
        }
        try {
            fleet.poll();
        } catch (RuntimeException e) {
            log.warn("the fleet firings could not be read: {}", e.getMessage());
        }
    }

    /** This host's heartbeat, and the firings of hosts that stopped beating marked lost. */
    private void beat() {
        if (repository.lost()) {
            return;
        }
        try {
            if (!hosts.beat(host)) {
                log.warn(
                        "host.name {} was registered by another service since this one started",
                        host.name());
            }
            hosts.sweep();
        } catch (RuntimeException e) {
            log.warn("the host registry could not be updated: {}", e.getMessage());
        }
    }

    private static ScheduledExecutorService daemon(String name) {
        return Executors.newSingleThreadScheduledExecutor(
                r -> {
                    Thread t = new Thread(r, name);
                    t.setDaemon(true);
                    return t;
                });
    }

    @Override
    public void destroy() {
        watcher.shutdownNow();
        refresher.shutdownNow();
        beater.shutdownNow();
        fleetLook.shutdownNow();
        running.stopAll("the service's end");
        long deadline = System.nanoTime() + STOP_WAIT.toNanos();
        while (!running.none() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (!running.none()) {
            log.warn("a run did not stop within {}; it is continued at the next start", STOP_WAIT);
        }
        sink.close();
        fleet.close();
        try {
            hosts.stopped(host);
        } catch (RuntimeException e) {
            log.warn(
                    "the host registry could not be told that the service ends: {}",
                    e.getMessage());
        }
    }
}
