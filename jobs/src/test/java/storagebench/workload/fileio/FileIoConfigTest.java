package storagebench.workload.fileio;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.dbms.local.LocalTarget;
import storagebench.experiment.Experiment;
import storagebench.experiment.ExperimentLoader;
import storagebench.experiment.TrialPlan;
import storagebench.workload.Params;
import storagebench.workload.Phase;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;
import storagebench.workload.sampling.CapTable;

/** The shipped file-io experiments load, plan what their comments say, and run at small scale. */
class FileIoConfigTest {
    private static final long MIB = 1L << 20;
    @TempDir Path dir;

    private static Experiment load(String file) {
        return new ExperimentLoader(Path.of("target/sb-data"))
                .load(Path.of("../pipeline-config/local/" + file));
    }

    @Test
    void fileIoIsOneThreadAgainstEightOnA256MbFile() {
        // when
        Experiment e = load("file-io.yaml");
        TrialPlan plan = TrialPlan.of(e);
        // then
        assertThat(e.workload().name()).isEqualTo("file-io");
        assertThat(e.matrix().variants())
                .containsExactly(Map.of("threads", "1"), Map.of("threads", "8"));
        assertThat(plan.size()).isEqualTo(6);
        List<FileIoSettings> settings =
                e.matrix().variants().stream().map(v -> FileIoSettings.of(e.params(v))).toList();
        assertThat(settings).extracting(FileIoSettings::threads).containsExactly(1, 8);
        assertThat(settings)
                .allSatisfy(
                        s -> {
                            assertThat(s.files()).isEqualTo(1);
                            assertThat(s.fileSize()).isEqualTo(256 * MIB);
                            assertThat(s.ioSize()).isEqualTo(8192);
                            assertThat(s.readPercent()).isZero();
                            assertThat(s.dsync()).isTrue();
                            assertThat(s.duration()).isEqualTo(Duration.ofSeconds(10));
                            assertThat(s.tier()).isEmpty();
                        });
    }

    @Test
    void fileIoCappedPutsTheSeedsFilesInTheSmallestAndTheOneTerabyteTier() {
        // when
        Experiment e = load("file-io-capped.yaml");
        // then
        assertThat(e.matrix().variants())
                .containsExactly(Map.of("file-size", "100MB"), Map.of("file-size", "540MB"));
        assertThat(TrialPlan.of(e).size()).isEqualTo(6);
        FileIoSettings small = FileIoSettings.of(e.params(Map.of("file-size", "100MB")));
        FileIoSettings grown = FileIoSettings.of(e.params(Map.of("file-size", "540MB")));
        assertThat(small.modelledSize()).isEqualTo(100L << 30);
        assertThat(small.tier().orElseThrow()).isEqualTo(new CapTable.Tier(128L << 30, 500, 100));
        assertThat(grown.modelledSize()).isEqualTo(540L << 30);
        assertThat(grown.tier().orElseThrow()).isEqualTo(new CapTable.Tier(1L << 40, 5000, 200));
        assertThat(small.threads()).isEqualTo(8);
        assertThat(small.duration()).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void eachVariantOfBothRunsAtSmallScale() throws Exception {
        for (String file : List.of("file-io.yaml", "file-io-capped.yaml")) {
            Experiment e = load(file);
            for (Map<String, String> variant : e.matrix().variants()) {
                // given: 300 ms and a 16th of the file, with size-scale raised so the modelled size
                // (the tier) stays
                Map<String, Object> values = new HashMap<>(e.params(variant).values());
                values.put("duration", "300ms");
                values.put("file-size", (Long) values.get("file-size") / 16);
                values.put("size-scale", (Integer) values.get("size-scale") * 16);
                Params small = new Params(values);
                LocalTarget target = new LocalTarget(dir.resolve(file));
                target.prepare();
                e.workload().preflight(target, List.of(small));
                TrialContext trial =
                        new TrialContext("r", e.name(), "h", "t", variant, target, small, dir);
                // when
                Map<String, Double> metrics = null;
                for (Step step : e.workload().steps(trial)) {
                    Map<String, Double> m = step.action().run();
                    metrics = step.phase() == Phase.MEASURED ? m : metrics;
                }
                // then
                assertThat(metrics.get("ios")).as("%s %s", file, variant).isPositive();
                assertThat(metrics.get("modelled")).isEqualTo(file.contains("capped") ? 1.0 : 0.0);
                assertThat(trial.emitted()).isNotEmpty();
            }
        }
    }
}
