package storagebench.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import storagebench.BadInputException;

class HostRegistryTest {
    @TempDir Path dir;

    private DriverManagerDataSource db;
    private HostRegistry registry;

    @BeforeEach
    void repository() {
        db =
                new DriverManagerDataSource(
                        "jdbc:h2:file:" + dir.resolve("repo") + ";AUTO_SERVER=TRUE", "sa", "");
        ScheduleSchema.ensure(db);
        registry = new HostRegistry(db);
    }

    @Test
    void aRegisteredHostIsAliveWithItsLabelsAndGoneOnceItsServiceEnds() {
        HostRegistry.Identity laptop =
                HostRegistry.Identity.of("laptop", Map.of("role", "dev", "disk", "nvme"));
        registry.register(laptop);
        assertThat(registry.list())
                .singleElement()
                .satisfies(
                        h -> {
                            assertThat(h.name()).isEqualTo("laptop");
                            assertThat(h.state()).isEqualTo(HostRegistry.State.ALIVE);
                            assertThat(HostRegistry.labels(h.identity().labels()))
                                    .isEqualTo("disk=nvme,role=dev");
                            assertThat(h.running()).isEmpty();
                        });
        registry.stopped(laptop);
        assertThat(registry.list().get(0).state()).isEqualTo(HostRegistry.State.GONE);
        // registered again: alive
        registry.register(laptop);
        assertThat(registry.list().get(0).state()).isEqualTo(HostRegistry.State.ALIVE);
    }

    @Test
    void aNameALiveServiceElsewhereHoldsIsRefusedOneWhoseProcessEndedIsTakenBack() {
        registry.register(
                new HostRegistry.Identity("server", Map.of(), "1.0", "4242@another-machine"));
        assertThatThrownBy(() -> registry.register(HostRegistry.Identity.of("server", Map.of())))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("host.name server is taken by a running service")
                .hasMessageContaining("4242@another-machine");
        // a process of this machine that no longer exists (pid far beyond any in use)
        String mine = java.lang.management.ManagementFactory.getRuntimeMXBean().getName();
        String gone = "999999999" + mine.substring(mine.indexOf('@'));
        registry.register(new HostRegistry.Identity("desk", Map.of(), "1.0", gone));
        registry.register(HostRegistry.Identity.of("desk", Map.of()));
        assertThat(registry.list())
                .filteredOn(h -> h.name().equals("desk"))
                .singleElement()
                .satisfies(h -> assertThat(h.identity().process()).isEqualTo(mine));
    }

    @Test
    void aHostThatMissedThreeBeatsIsStaleOnceItsRunningFiringIsLostAndItsTargetFreed() {
        // given: a host running a firing that holds a target
        HostRegistry.Identity replica = HostRegistry.Identity.of("replica", Map.of());
        registry.register(replica);
        Instant now = Instant.now();
        new Firings(db)
                .save(
                        new Firing(
                                "nightly@1",
                                "nightly",
                                "nightly",
                                "t",
                                now,
                                now,
                                "run-1",
                                Firing.Status.RUNNING,
                                1,
                                null,
                                null,
                                "replica",
                                null));
        assertThat(new Firings(db).find(List.of("nightly@1", "other@2")).keySet())
                .containsExactly("nightly@1");
        TargetLeases leases = new TargetLeases(db);
        assertThat(leases.acquire("t", "nightly@1", "nightly")).isTrue();
        assertThat(registry.sweep()).as("alive: nothing lost").isEmpty();
        // when: its last beat is 16 s old (three beats of 5 s missed)
        new JdbcTemplate(db)
                .update(
                        "UPDATE SB_HOSTS SET BEAT_MS = ? WHERE HOST_NAME = 'replica'",
                        now.toEpochMilli() - 16_000);
        // then: stale, its firing lost and its target free, once
        assertThat(registry.list().get(0).state()).isEqualTo(HostRegistry.State.STALE);
        assertThat(registry.sweep()).containsExactly("replica");
        assertThat(registry.sweep()).isEmpty();
        assertThat(new Firings(db).find("nightly@1").orElseThrow().status())
                .isEqualTo(Firing.Status.LOST);
        assertThat(Firing.Status.LOST.ended()).as("continued by a recovery").isFalse();
        assertThat(leases.holder("t")).isEmpty();
        assertThat(registry.list().get(0).last())
                .hasValueSatisfying(f -> assertThat(f.runId()).isEqualTo("run-1"));
        // and a beat makes it alive again
        assertThat(registry.beat(replica)).isTrue();
        assertThat(registry.list().get(0).state()).isEqualTo(HostRegistry.State.ALIVE);
    }

    @Test
    void heartbeatAgesReadAsPeopleSayThem() {
        Instant now = Instant.parse("2026-12-05T12:00:00Z");
        assertThat(HostRegistry.ago(now.minusSeconds(3), now)).isEqualTo("3 s ago");
        assertThat(HostRegistry.ago(now.minusSeconds(600), now)).isEqualTo("10 min ago");
        assertThat(HostRegistry.ago(now.minusSeconds(3 * 3600), now)).isEqualTo("3 h ago");
    }
}
