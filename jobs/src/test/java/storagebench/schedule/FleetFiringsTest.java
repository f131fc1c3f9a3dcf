package storagebench.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

class FleetFiringsTest {
    private static final Instant DUE = Instant.parse("2026-12-05T02:00:00Z");

    @TempDir Path dir;

    private FleetFirings fleet;
    private HostRegistry registry;

    @BeforeEach
    void repository() {
        DriverManagerDataSource db =
                new DriverManagerDataSource(
                        "jdbc:h2:file:" + dir.resolve("repo") + ";AUTO_SERVER=TRUE", "sa", "");
        ScheduleSchema.ensure(db);
        fleet = new FleetFirings(db);
        registry = new HostRegistry(db);
        registry.register(new HostRegistry.Identity("laptop", Map.of("role", "dev"), "1", "1@a"));
        registry.register(
                new HostRegistry.Identity("server", Map.of("role", "replica"), "1", "1@b"));
        registry.register(
                new HostRegistry.Identity("workstation", Map.of("role", "replica"), "1", "1@c"));
    }

    @Test
    void aFleetFiringIsOneShareForEachChosenHostWrittenOnce() {
        // all: three shares, one per registered host
        assertThat(fleet.fanOut(schedule(HostSelector.ALL), "nightly", DUE, registry.list()))
                .containsExactly("laptop", "server", "workstation");
        // written again (the trigger's job recovered): nothing new
        assertThat(fleet.fanOut(schedule(HostSelector.ALL), "nightly", DUE, registry.list()))
                .isEmpty();
        // a label selector: the labelled hosts only
        HostSelector replicas =
                new HostSelector(HostSelector.Kind.LABELS, List.of(), Map.of("role", "replica"));
        assertThat(
                        fleet.fanOut(
                                schedule(replicas),
                                "nightly",
                                DUE.plusSeconds(60),
                                registry.list()))
                .containsExactly("server", "workstation");
        // each host sees its own, with its own firing id
        List<FleetFirings.Share> server = fleet.of("server", FleetFirings.State.PENDING);
        assertThat(server).hasSize(2);
        assertThat(server.get(0).firingId())
                .isEqualTo("nightly@" + DUE.toEpochMilli() + "@host:server");
        assertThat(FleetFirings.isShare(server.get(0).firingId())).isTrue();
        assertThat(FleetFirings.isShare(Firing.id("nightly", DUE))).isFalse();
        // taken once
        assertThat(fleet.settle(server.get(0), FleetFirings.State.TAKEN)).isTrue();
        assertThat(fleet.settle(server.get(0), FleetFirings.State.TAKEN)).isFalse();
        assertThat(fleet.of("server", FleetFirings.State.TAKEN)).hasSize(1);
    }

    @Test
    void aHostBackLateRunsTheLatestMissedShareOnceOrNoneAsItsScheduleSays() {
        Instant late = DUE.plusSeconds(3600);
        FleetFirings.Share first = share(DUE);
        FleetFirings.Share second = share(DUE.plusSeconds(600));
        FleetFirings.Share onTime = share(late.plusSeconds(1));
        List<FleetFirings.Share> missed = List.of(first, second);
        // run-once: the latest of the late ones
        assertThat(FleetWorker.chosen(Schedule.Misfire.RUN_ONCE, first, missed, late)).isFalse();
        assertThat(FleetWorker.chosen(Schedule.Misfire.RUN_ONCE, second, missed, late)).isTrue();
        // skip: none
        assertThat(FleetWorker.chosen(Schedule.Misfire.SKIP, second, missed, late)).isFalse();
        // one on time: it runs, the late ones do not
        List<FleetFirings.Share> mixed = List.of(first, second, onTime);
        assertThat(FleetWorker.chosen(Schedule.Misfire.RUN_ONCE, second, mixed, late)).isFalse();
        assertThat(FleetWorker.chosen(Schedule.Misfire.SKIP, onTime, mixed, late)).isTrue();
    }

    private static FleetFirings.Share share(Instant due) {
        return new FleetFirings.Share(
                Firing.id("nightly", due),
                "server",
                "nightly",
                "nightly",
                due,
                FleetFirings.State.PENDING);
    }

    private static Schedule schedule(HostSelector hosts) {
        return new Schedule(
                "nightly",
                Path.of("nightly.yaml"),
                "0 2 * * *",
                "0 0 2 * * ?",
                ZoneId.of("UTC"),
                Schedule.Misfire.RUN_ONCE,
                Schedule.Overlap.WAIT,
                0,
                Duration.ofMinutes(1),
                null,
                true,
                Map.of(),
                5,
                null,
                hosts,
                Schedule.Confirm.NONE,
                1);
    }
}
