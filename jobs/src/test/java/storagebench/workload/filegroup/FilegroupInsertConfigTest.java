package storagebench.workload.filegroup;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.dbms.local.LocalTarget;
import storagebench.experiment.Experiment;
import storagebench.experiment.ExperimentLoader;
import storagebench.experiment.TrialPlan;
import storagebench.workload.Params;
import storagebench.workload.Phase;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;

/** The shipped experiment loads, plans the seed's four filegroups, and a small variant of it runs. */
class FilegroupInsertConfigTest {
    private static final Path YAML = Path.of("../pipeline-config/local/filegroup-insert.yaml");
    private final Experiment experiment =
            new ExperimentLoader(Path.of("target/sb-data")).load(YAML);

    @Test
    void plansTheSeedsFourFilegroupsZipped() {
        // when
        TrialPlan plan = TrialPlan.of(experiment);
        // then
        assertThat(experiment.workload().name()).isEqualTo("filegroup-insert");
        assertThat(plan.variants())
                .containsExactly(
                        Map.of("files", "5", "file-size", "200MB"),
                        Map.of("files", "50", "file-size", "20MB"),
                        Map.of("files", "100", "file-size", "20MB"),
                        Map.of("files", "500", "file-size", "20MB"));
        assertThat(plan.size()).isEqualTo(4 * (2 + 1));
        assertThat(experiment.fixed())
                .containsEntry("rows", 5000)
                .containsEntry("page-size", 8192L)
                .containsEntry("presize", "instant")
                .containsEntry("log-record", "full")
                .containsEntry("sync", "fsync");
    }

    @Test
    void everyVariantFitsAndTheSmallestRuns() throws Exception {
        // given: every variant fits its filegroup (the disk is not checked: 500 × 20MB needs 10
        // GiB);
        // the 5 × 200MB variant, with fewer rows so that it runs in a moment
        List<Params> variants =
                TrialPlan.of(experiment).variants().stream().map(experiment::params).toList();
        assertThat(variants).allSatisfy(p -> Layout.of(p).check());
        Map<String, Object> values = new HashMap<>(variants.get(0).values());
        values.put("rows", 200);
        LocalTarget target = (LocalTarget) experiment.target();
        experiment.workload().preflight(target, List.of(new Params(values)));
        TrialContext trial =
                new TrialContext(
                        "run-config",
                        experiment.name(),
                        "host",
                        "config-test",
                        Map.of(),
                        target,
                        new Params(values),
                        Path.of("target/sb-data/out"));
        // when
        Map<String, Double> metrics = null;
        for (Step step : experiment.workload().steps(trial)) {
            Map<String, Double> m = step.action().run();
            metrics = step.phase() == Phase.MEASURED ? m : metrics;
        }
        // then
        assertThat(metrics)
                .containsEntry("rows", 200.0)
                .containsEntry("files", 5.0)
                .containsEntry("pages_file_001", 40.0)
                .containsEntry("pages_file_005", 40.0);
        assertThat(
                        Files.exists(
                                target.directory()
                                        .resolve("filegroup-insert")
                                        .resolve("config-test")))
                .isFalse();
    }
}
