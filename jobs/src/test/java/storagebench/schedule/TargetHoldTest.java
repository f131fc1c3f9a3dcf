package storagebench.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

class TargetHoldTest {
    @Test
    void aHoldNamesItsRunUntilItIsReleased() throws Exception {
        // given
        DriverManagerDataSource db =
                new DriverManagerDataSource(
                        "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1", "sa", "");
        ScheduleSchema.ensure(db);
        TargetLeases leases = new TargetLeases(db);
        ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor();
        try {
            // when
            Optional<TargetHold> hold =
                    TargetHold.take(leases, firing("a@1"), "a", "run-1", timers);
            Optional<TargetHold> other =
                    TargetHold.take(leases, firing("b@1"), "b", "run-2", timers);
            // then
            assertThat(hold).isPresent();
            assertThat(other).as("busy").isEmpty();
            timers.submit(() -> {}).get(); // the first renewal has run
            assertThat(leases.busy("db-1"))
                    .isEqualTo("the target is busy with run run-1 of schedule a");
            hold.orElseThrow().close();
            assertThat(leases.holder("db-1")).isEmpty();
        } finally {
            timers.shutdownNow();
        }
    }

    private static Firing firing(String id) {
        Instant due = Instant.parse("2026-01-01T03:00:00Z");
        return new Firing(
                id,
                "a",
                "a",
                "db-1",
                due,
                due,
                null,
                Firing.Status.RUNNING,
                0,
                null,
                null,
                "n",
                null);
    }
}
