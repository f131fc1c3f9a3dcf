package storagebench.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/** A service's worker on its host's shares, with the runs held by a latch: what it takes, when. */
class FleetWorkerTest {
    private static final Path EXPERIMENT =
            Path.of("..", "pipeline-config", "local", "file-init.yaml")
                    .toAbsolutePath()
                    .normalize();

    @TempDir Path dir;

    @Test
    void aBusyHostLeavesItsNewSharesPendingUntilAThreadIsFree() throws Exception {
        // given: one host with six shares due now, and runs that last until the latch opens
        DriverManagerDataSource db =
                new DriverManagerDataSource(
                        "jdbc:h2:file:" + dir.resolve("repo") + ";AUTO_SERVER=TRUE", "sa", "");
        ScheduleSchema.ensure(db);
        FleetFirings fleet = new FleetFirings(db);
        HostRegistry registry = new HostRegistry(db);
        registry.register(new HostRegistry.Identity("server", Map.of(), "1", "1@a"));
        Path file = dir.resolve("schedules.yaml");
        Files.writeString(
                file,
                """
                schedules:
                  - name: often
                    experiment: %s
                    cron: "0/10 * * * * ?"
                    hosts: all
                """
                        .formatted(EXPERIMENT));
        Schedules schedules = Schedules.load(file, dir);
        Schedule often = schedules.get("often").orElseThrow();
        Instant now = Instant.now();
        for (int i = 0; i < 6; i++) {
            fleet.fanOut(often, "often", now.minusMillis(500L * i), registry.list());
        }
        CountDownLatch end = new CountDownLatch(1);
        List<ScheduledRunner.Request> started = new CopyOnWriteArrayList<>();
        FleetWorker.Fire runs =
                request -> {
                    started.add(request);
                    try {
                        end.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                };
        try (FleetWorker worker =
                new FleetWorker(
                        fleet, new Firings(db), schedules, runs, new RunningRuns(), "server")) {
            // when: it looks while its four threads are all free
            worker.poll();
            // then: four taken and started at once, two left pending, not queued behind them
            await(() -> started.size() == FleetWorker.THREADS);
            assertThat(fleet.of("server", FleetFirings.State.TAKEN)).hasSize(4);
            assertThat(fleet.of("server", FleetFirings.State.PENDING)).hasSize(2);
            worker.poll();
            assertThat(fleet.of("server", FleetFirings.State.PENDING)).hasSize(2);
            // when: the runs end, the next look takes the other two, each started when taken
            end.countDown();
            Thread.sleep(200);
            worker.poll();
            await(() -> started.size() == 6);
            assertThat(fleet.of("server", FleetFirings.State.TAKEN)).hasSize(6);
            assertThat(fleet.of("server", FleetFirings.State.PENDING)).isEmpty();
        }
    }

    private static void await(java.util.function.BooleanSupplier done) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!done.getAsBoolean()) {
            assertThat(System.nanoTime()).as("in time").isLessThan(deadline);
            Thread.sleep(20);
        }
    }
}
