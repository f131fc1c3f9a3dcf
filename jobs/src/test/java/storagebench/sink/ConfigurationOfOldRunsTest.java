package storagebench.sink;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.events.RunStarted;
import storagebench.experiment.Experiment;
import storagebench.experiment.ExperimentLoader;
import storagebench.report.ReportFilter;
import storagebench.report.VariantStats;

/**
 * Runs recorded before RunStarted carried a configuration (v3 and older) get theirs from the config
 * text they stored, overrides included: a shipped run and a scaled-down one stay apart.
 */
class ConfigurationOfOldRunsTest {
    private static final Instant DAY = Instant.parse("2026-11-01T12:00:00Z");
    private static final String YAML =
            """
            experiment: x
            target:
              kind: local
              directory: /tmp/sb-work
            workload:
              type: filegroup-insert
              rows: 5000
              file-size: 20MB
            factors:
              files: [5, 50]
            """;

    @TempDir Path dataset;

    @Test
    void aRunWithoutAConfigurationGetsItFromItsStoredConfigText() throws Exception {
        // given: two runs as v3 recorded them, the second with --override workload.rows=1000
        ExperimentLoader loader = new ExperimentLoader(Path.of("/tmp/sb-data"));
        Experiment full = loader.parse("x.yaml", YAML);
        Experiment quick = loader.parse("x.yaml", YAML, Map.of("workload.rows", "1000"));
        List<SpecificRecord> events = new ArrayList<>();
        for (var run : List.of(Map.entry("r1", full), Map.entry("r2", quick))) {
            RunStarted started = TestEvents.runStarted(run.getKey(), "x", DAY);
            started.setConfigText(run.getValue().source());
            started.setConfigSha256(storagebench.Sha256.hex(run.getValue().source()));
            assertThat(started.getConfiguration()).isNull();
            events.add(started);
            for (int i = 0; i < 4; i++) {
                events.add(TestEvents.trial(run.getKey(), "x", i, DAY));
            }
        }
        TestEvents.writeDataset(dataset, events);
        // when
        List<VariantStats> stats =
                VariantStats.read(dataset, VariantStats.Query.of(ReportFilter.all()));
        List<VariantStats> pooled =
                VariantStats.read(
                        dataset, VariantStats.Query.of(ReportFilter.all().withPool(true)));
        // then
        assertThat(stats)
                .extracting(VariantStats::configuration)
                .containsOnly("rows=1000", "rows=5000")
                .contains("rows=1000", "rows=5000");
        assertThat(stats).allMatch(s -> s.n() == 2);
        assertThat(pooled).extracting(VariantStats::configuration).containsOnly("");
        assertThat(pooled).allMatch(s -> s.n() == 4);
    }
}
