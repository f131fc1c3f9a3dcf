package storagebench.workload.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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

/** The shipped pipeline-config/local/command.yaml loads, passes preflight, and one variant runs. */
class CommandConfigTest {
    private final Experiment experiment =
            new ExperimentLoader(Path.of("target/sb-data"))
                    .load(Path.of("../pipeline-config/local/command.yaml"));

    @Test
    void thePlanIsTheSeedsMatrix() {
        // when
        TrialPlan plan = TrialPlan.of(experiment);
        // then
        assertThat(experiment.workload().name()).isEqualTo("command");
        assertThat(plan.variants())
                .hasSize(8)
                .contains(Map.of("ifi", "off", "files", "8", "size-mb", "128"));
        assertThat(plan.size()).isEqualTo(8 * (3 + 1));
        assertThat(experiment.fixed())
                .containsEntry("shell", true)
                .containsEntry("timeout", Duration.ofMinutes(2));
    }

    @Test
    void everyVariantPassesPreflightAndASmallOneRuns() throws Exception {
        // given
        LocalTarget target = (LocalTarget) experiment.target();
        experiment
                .workload()
                .preflight(
                        target,
                        TrialPlan.of(experiment).variants().stream()
                                .map(experiment::params)
                                .toList());
        Map<String, String> variant = Map.of("ifi", "off", "files", "4", "size-mb", "8");
        Path out =
                Files.createDirectories(
                        Path.of("target/sb-data/runs/config-test/trials/cfg-t0000"));
        TrialContext trial =
                new TrialContext(
                        "config-test",
                        experiment.name(),
                        "host",
                        "cfg-t0000",
                        variant,
                        target,
                        experiment.params(variant),
                        out);
        List<Step> steps = experiment.workload().steps(trial);
        Path instance = target.directory().resolve("instance-cfg-t0000");
        // when: set-up and measured step
        Map<String, Double> metrics = Map.of();
        for (Step step : steps) {
            if (step.phase() != Phase.CLEANUP) {
                metrics = step.action().run();
            }
        }
        // then
        assertThat(metrics).containsEntry("exit_code", 0.0);
        try (var files = Files.list(instance)) {
            assertThat(files.toList())
                    .hasSize(4)
                    .allSatisfy(f -> assertThat(Files.size(f)).isEqualTo(8L << 20));
        }
        // and when: clean-up
        steps.stream()
                .filter(s -> s.phase() == Phase.CLEANUP)
                .findFirst()
                .orElseThrow()
                .action()
                .run();
        // then
        assertThat(instance).doesNotExist();
        assertThat(out.resolve("run.stdout")).exists();
    }
}
