package storagebench.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

class TargetLeasesTest {
    @TempDir Path dir;

    @Test
    void aTargetHasOneHolderAtATimeWhoMayTakeItAgain() {
        // given
        DriverManagerDataSource db =
                new DriverManagerDataSource(
                        "jdbc:h2:file:" + dir.resolve("repo") + ";AUTO_SERVER=TRUE", "sa", "");
        ScheduleSchema.ensure(db);
        TargetLeases leases = new TargetLeases(db);
        // when / then
        assertThat(leases.acquire("t", "a@1", "a")).isTrue();
        assertThat(leases.acquire("t", "b@1", "b")).isFalse();
        assertThat(leases.acquire("t", "a@1", "a")).as("its own again").isTrue();
        leases.renew("t", "a@1", "run-1");
        assertThat(leases.holder("t")).contains(new TargetLeases.Holder("a@1", "a", "run-1"));
        leases.release("t", "a@1");
        assertThat(leases.holder("t")).isEmpty();
        assertThat(leases.acquire("t", "b@1", "b")).isTrue();
        assertThat(leases.acquire("u", "a@2", "a")).as("another target").isTrue();
    }
}
