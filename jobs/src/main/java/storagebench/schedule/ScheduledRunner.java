package storagebench.schedule;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.Sha256;
import storagebench.runner.ExperimentRun;
import storagebench.runner.RunEnds;
import storagebench.runner.RunLauncher;
import storagebench.runner.RunObserver;
import storagebench.runner.RunStop;
import storagebench.runner.RunTrigger;
import storagebench.runner.Runner;
import storagebench.storage.ReadableDataset;

/**
 * Runs a schedule's firings ({@link FiringMachine}) as normal runs, continued as the schedule's
 * {@link RetryPolicy} says; then {@link AfterRun} checks them. RunStarted says which schedule fired
 * a run, when it was due and when it fired.
 */
public final class ScheduledRunner {
    private static final Logger log = LoggerFactory.getLogger(ScheduledRunner.class);

    /**
     * One firing.
     *
     * @param schedule the schedule's name, or null when only the firing knows it (a recovery)
     * @param trigger the trigger that fired
     * @param scheduled when it was due
     * @param fired when it fired
     * @param firing the firing being continued (a recovery, a continuation), or null for a new one
     */
    public record Request(
            String schedule, String trigger, Instant scheduled, Instant fired, String firing) {}

    /**
     * This service instance.
     *
     * @param name what the firings table calls it
     * @param running its runs under way
     * @param observer told how its runs go (live progress)
     * @param dataset its sink into the dataset, which the regression check reads
     */
    public record Node(
            String name, RunningRuns running, RunObserver observer, DatasetCatchUp dataset) {}

    /**
     * The fleet a service is part of.
     *
     * @param firings where a fleet firing's shares are written
     * @param hosts the hosts that may be given a share
     */
    public record Fleet(FleetFirings firings, HostRegistry hosts) {}

    private final Schedules schedules;
    private final FiringMachine.Parts parts;
    private final Fleet fleet;

    public ScheduledRunner(
            RunLauncher launcher,
            Schedules schedules,
            Firings firings,
            TargetLeases leases,
            Node node,
            Fleet fleet) {
        this.schedules = schedules;
        this.fleet = fleet;
        ScheduledExecutorService timers =
                Executors.newSingleThreadScheduledExecutor(
                        r -> {
                            Thread t = new Thread(r, "max-runtime");
                            t.setDaemon(true);
                            return t;
                        });
        this.parts =
                new FiringMachine.Parts(
                        this::schedule,
                        firings,
                        leases,
                        node.running(),
                        runs(launcher, node.observer()),
                        new AfterRun(
                                ReadableDataset.of(launcher.settings()),
                                launcher.kafka(),
                                firings,
                                node.dataset()),
                        node.observer(),
                        node.name(),
                        timers);
    }

    /**
     * Runs a firing; the firing of a schedule with {@code hosts: all} or a selector is written as one
     * share per chosen host instead, which each host's service runs ({@link FleetWorker}).
     */
    public void fire(Request request) {
        Optional<Schedule> schedule =
                request.schedule() == null ? Optional.empty() : schedules.get(request.schedule());
        if (schedule.isPresent()
                && schedule.get().hosts().fansOut()
                && !FleetFirings.isShare(request.firing())) {
            List<String> given =
                    fleet.firings()
                            .fanOut(
                                    schedule.get(),
                                    request.trigger(),
                                    request.scheduled(),
                                    fleet.hosts().registered());
            log.info(
                    "schedule {}: fleet firing due {} on {}: {}",
                    schedule.get().name(),
                    request.scheduled(),
                    schedule.get().hosts().written(),
                    given.isEmpty()
                            ? "no host given a share (none registered and chosen, or given before)"
                            : String.join(", ", given));
            return;
        }
        new FiringMachine(parts, request).run();
    }

    private Optional<Schedule> schedule(String name) {
        Optional<Schedule> schedule = schedules.get(name);
        schedule.ifPresent(s -> schedules.refresh());
        return schedule;
    }

    private static FiringRuns runs(RunLauncher launcher, RunObserver observer) {
        return new FiringRuns() {
            @Override
            public ExperimentRun prepare(Schedule schedule) {
                return ExperimentRun.prepare(
                        launcher.settings(), schedule.experiment(), schedule.overrides());
            }

            @Override
            public ExperimentRun restart(String runId) {
                return ExperimentRun.prepareRestart(launcher.settings(), runId);
            }

            /** A hash: a URL may hold more than it shows. */
            @Override
            public String target(ExperimentRun run) {
                return Sha256.hex(run.experiment().target().identity()).substring(0, 32);
            }

            @Override
            public Runner.Outcome run(ExperimentRun run, RunStop stop, RunTrigger trigger) {
                RunEnds.publishKept(launcher.settings(), launcher.kafka());
                return launcher.launch(run, stop, trigger, observer);
            }
        };
    }
}
