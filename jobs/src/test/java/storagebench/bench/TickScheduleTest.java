package storagebench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.experiment.Experiment;
import storagebench.experiment.ExperimentLoader;
import storagebench.schedule.HostSelector;
import storagebench.schedule.Schedule;
import storagebench.schedule.ScheduleLoader;

/** The schedule `bench serve` and its fleet give their services, loaded as `serve` loads it. */
class TickScheduleTest {
    @TempDir Path root;

    @Test
    void theScheduleAndItsExperimentLoadAsServeLoadsThem() throws Exception {
        // when
        Path file =
                ServeBenchmark.tickSchedule(
                        root, "bench-serve-fleet", "fleet", "0/5 * * * * ?", "    hosts: all");
        // then
        List<Schedule> schedules = ScheduleLoader.load(file);
        assertThat(schedules).hasSize(1);
        Schedule schedule = schedules.get(0);
        assertThat(schedule.name()).isEqualTo("fleet");
        assertThat(schedule.cron()).isEqualTo("0/5 * * * * ?");
        assertThat(schedule.hosts()).isEqualTo(HostSelector.ALL);
        assertThat(schedule.overlap()).isEqualTo(Schedule.Overlap.SKIP);
        assertThat(schedule.misfire()).isEqualTo(Schedule.Misfire.SKIP);
        Experiment experiment = new ExperimentLoader(root).load(schedule.experiment());
        assertThat(experiment.name()).isEqualTo("bench-serve-fleet");
    }
}
