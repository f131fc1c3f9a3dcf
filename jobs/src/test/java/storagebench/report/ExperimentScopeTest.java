package storagebench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.sink.HivePartitioner;

/**
 * A command about one experiment reads that experiment's folder of each table, as the sink lays the
 * tables out, and no other experiment's files; a table laid out otherwise is read whole.
 */
class ExperimentScopeTest {
    private static final String NIGHTLY = "nightly file-init/zero";

    @TempDir Path parquet;

    @Test
    void anExperimentsQueriesOpenNoFileOfAnotherExperiment() throws Exception {
        // given: an experiment whose name is escaped in its folder, and another with a broken file
        trials(NIGHTLY, 5).write(parquet, folderValue(NIGHTLY), "2026-11-30", "part-0");
        trials("other", 3).write(parquet, "other", "2026-11-30", "part-0");
        Path broken = parquet.resolve("trials/experiment=other/date=2026-11-30/broken.parquet");
        Files.writeString(broken, "not parquet");

        // then: the experiment's trials are read without opening the broken file
        try (Tables tables = Tables.open(parquet, HostScope.ALL, NIGHTLY)) {
            assertThat(TrialValues.read(tables, "duration", NIGHTLY, List.of(), false))
                    .hasSize(5)
                    .allSatisfy(v -> assertThat(v.experiment()).isEqualTo(NIGHTLY));
        }
        // and: a read of the whole dataset opens it and says so
        try (Tables tables = Tables.open(parquet)) {
            assertThatThrownBy(
                            () -> TrialValues.read(tables, "duration", NIGHTLY, List.of(), false))
                    .isInstanceOf(ReportException.class)
                    .hasMessageContaining("cannot read the trials");
        }
        // and: an experiment with no folder has no trials
        try (Tables tables = Tables.open(parquet, HostScope.ALL, "absent")) {
            assertThat(TrialValues.read(tables, "duration", "absent", List.of(), false)).isEmpty();
        }
    }

    @Test
    void aTableLaidOutOtherwiseIsReadWhole() throws Exception {
        // given: a trials table written by other means, in date folders only, of two experiments
        trials("alpha", 4).write(parquet, "alpha", "2026-11-30", "part-0");
        trials("beta", 2).write(parquet, "beta", "2026-11-30", "part-1");
        Path byDate = Files.createDirectories(parquet.resolve("trials/date=2026-11-30"));
        for (String e : List.of("alpha", "beta")) {
            Path folder = parquet.resolve("trials/experiment=" + e);
            try (var files = Files.walk(folder)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    Files.move(f, byDate.resolve(f.getFileName()));
                }
            }
            Files.delete(folder.resolve("date=2026-11-30"));
            Files.delete(folder);
        }

        // then: the experiment's trials are found in it
        try (Tables tables = Tables.open(parquet, HostScope.ALL, "alpha")) {
            assertThat(TrialValues.read(tables, "duration", "alpha", List.of(), false)).hasSize(4);
        }
    }

    @Test
    void oneReadGivesEveryMetricAsReadingThemOneByOne() throws Exception {
        // given: trials with iops on some, none with tpm
        TrialsFixture fixture = new TrialsFixture();
        for (int i = 0; i < 6; i++) {
            fixture.trial(
                    "run-1",
                    "alpha",
                    "host-a",
                    "init=zero",
                    "create",
                    i,
                    i == 0,
                    "OK",
                    1.0 + i,
                    i % 2 == 0 ? Map.of("iops", 100.0 * i) : Map.of());
        }
        fixture.write(parquet, "alpha", "2026-11-30", "part-0");

        // then: the values of each metric are those a read of it alone gives, in plan order
        try (Tables tables = Tables.open(parquet, HostScope.ALL, "alpha")) {
            Map<String, List<TrialValue>> all =
                    TrialValues.read(tables, List.of("duration", "iops", "tpm"), "alpha", false);
            assertThat(all.keySet()).containsExactly("duration", "iops", "tpm");
            for (String metric : all.keySet()) {
                assertThat(all.get(metric))
                        .isEqualTo(TrialValues.read(tables, metric, "alpha", List.of(), false));
            }
            assertThat(all.get("duration")).extracting(TrialValue::value).hasSize(5);
            assertThat(all.get("iops")).extracting(TrialValue::value).containsExactly(200.0, 400.0);
            assertThat(all.get("tpm")).isEmpty();
        }
    }

    private static TrialsFixture trials(String experiment, int n) {
        TrialsFixture fixture = new TrialsFixture();
        for (int i = 0; i < n; i++) {
            fixture.trial(
                    "run-" + experiment.hashCode(),
                    experiment,
                    "host-a",
                    "init=zero",
                    "create",
                    i,
                    false,
                    "OK",
                    1.0 + i);
        }
        return fixture;
    }

    /** The value in the experiment's folder name, as the sink escapes it. */
    private static String folderValue(String experiment) {
        return HivePartitioner.experimentFolder(experiment).substring("experiment=".length());
    }
}
