package storagebench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.BadInputException;
import storagebench.experiment.ExperimentLoader;

class TargetBenchIT {
    @TempDir Path tmp;

    @Test
    void timesTheWorkloadAndThePlainLoopOnTheShippedH2Config() throws Exception {
        // given
        var experiment =
                new ExperimentLoader(tmp)
                        .load(Path.of("..", "pipeline-config", "h2", "filegroup-insert.yaml"));
        // when
        TargetBenchReport report = TargetBench.run(experiment, 50, 2, tmp.resolve("bench"));
        // then
        assertThat(report.workloadNanos()).hasSize(2).allMatch(n -> n > 0);
        assertThat(report.plainNanos()).hasSize(2).allMatch(n -> n > 0);
        assertThat(report.format())
                .contains("bench targets: h2-filegroup-insert on h2", "50 rows per round");
    }

    @Test
    void refusesALocalTarget() {
        var local =
                new ExperimentLoader(tmp)
                        .load(Path.of("..", "pipeline-config", "local", "filegroup-insert.yaml"));
        assertThatThrownBy(() -> TargetBench.run(local, 10, 1, tmp))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("needs a database target");
    }
}
