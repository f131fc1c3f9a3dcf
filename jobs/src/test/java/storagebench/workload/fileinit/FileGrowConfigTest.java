package storagebench.workload.fileinit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.dbms.local.LocalTarget;
import storagebench.experiment.Experiment;
import storagebench.experiment.ExperimentLoader;
import storagebench.experiment.TrialPlan;
import storagebench.workload.Phase;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;

/** The shipped pipeline-config/local/file-grow.yaml loads, passes preflight, and one variant runs. */
class FileGrowConfigTest {
    private final Experiment experiment =
            new ExperimentLoader(Path.of("target/sb-data"))
                    .load(Path.of("../pipeline-config/local/file-grow.yaml"));

    @Test
    void thePlanGrowsFourFilesFrom8MbTo256MbBothWays() {
        // when
        TrialPlan plan = TrialPlan.of(experiment);
        // then
        assertThat(plan.variants())
                .containsExactly(Map.of("init", "zero"), Map.of("init", "instant"));
        assertThat(plan.size()).isEqualTo(2 * (3 + 1));
        assertThat(experiment.fixed())
                .containsEntry("files", 4)
                .containsEntry("file-size", 8L << 20)
                .containsEntry("grow-to", 256L << 20);
    }

    @Test
    void theInstantVariantGrowsEveryFile() throws Exception {
        // given
        LocalTarget target = (LocalTarget) experiment.target();
        experiment
                .workload()
                .preflight(
                        target,
                        TrialPlan.of(experiment).variants().stream()
                                .map(experiment::params)
                                .toList());
        Map<String, String> variant = Map.of("init", "instant");
        TrialContext trial =
                new TrialContext(
                        "config-test",
                        experiment.name(),
                        "host",
                        "grow-t0000",
                        variant,
                        target,
                        experiment.params(variant),
                        Path.of("target/sb-data/runs/config-test/trials/grow-t0000"));
        List<Step> steps = experiment.workload().steps(trial);
        Path dir = target.directory().resolve("file-init").resolve("grow-t0000");
        // when
        Map<String, Double> grown = Map.of();
        for (Step step : steps) {
            if (step.phase() != Phase.CLEANUP) {
                grown = step.action().run();
            }
        }
        // then
        try (var files = Files.list(dir)) {
            assertThat(files.toList())
                    .hasSize(4)
                    .allSatisfy(f -> assertThat(Files.size(f)).isEqualTo(256L << 20));
        }
        assertThat(grown)
                .containsEntry("grown_from_bytes", (double) (8L << 20))
                .containsEntry("bytes_written", 4.0);
        for (Step step : steps) {
            if (step.phase() == Phase.CLEANUP) {
                step.action().run();
            }
        }
        assertThat(dir).doesNotExist();
    }
}
