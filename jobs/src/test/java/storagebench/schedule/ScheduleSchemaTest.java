package storagebench.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

class ScheduleSchemaTest {

    @Test
    void aFiringsTableMadeBeforeRerunsGainsTheirColumnAndKeepsItsRows() {
        // given: SB_FIRINGS as a repository made before RERUN_ID holds it, with a firing
        DriverManagerDataSource db =
                new DriverManagerDataSource(
                        "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1", "sa", "");
        JdbcTemplate jdbc = new JdbcTemplate(db);
        jdbc.execute(
                "CREATE TABLE SB_FIRINGS (FIRING_ID VARCHAR(300) NOT NULL PRIMARY KEY,"
                        + " SCHEDULE_NAME VARCHAR(100) NOT NULL, TRIGGER_NAME VARCHAR(200) NOT NULL,"
                        + " TARGET_KEY VARCHAR(64) NOT NULL, SCHEDULED_MS BIGINT NOT NULL,"
                        + " FIRED_MS BIGINT NOT NULL, RUN_ID VARCHAR(64), STATUS VARCHAR(20) NOT NULL,"
                        + " ATTEMPTS INT NOT NULL, MESSAGE VARCHAR(2000), ENDED_MS BIGINT,"
                        + " NODE VARCHAR(200))");
        jdbc.update(
                "INSERT INTO SB_FIRINGS VALUES ('n@1', 'n', 'n', 't', 1, 2, 'run-1', 'COMPLETED', 1,"
                        + " 'checked', 3, 'node-a')");
        // when: a service of this version starts on it (twice: the second finds it done)
        ScheduleSchema.ensure(db);
        ScheduleSchema.ensure(db);
        // then
        Firings firings = new Firings(db);
        assertThat(firings.find("n@1").orElseThrow().rerunId()).isNull();
        Firing running =
                new Firing(
                        "n@2",
                        "n",
                        "n",
                        "t",
                        Instant.EPOCH,
                        Instant.EPOCH,
                        "run-2",
                        Firing.Status.RUNNING,
                        1,
                        null,
                        null,
                        "node-a",
                        null);
        firings.save(running.withRerun("run-3"));
        assertThat(firings.find("n@2").orElseThrow().rerunId()).isEqualTo("run-3");
    }
}
