package storagebench.workload.filegroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.BadInputException;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.FirebirdEnv;
import storagebench.dbms.HostileNames;
import storagebench.dbms.TargetKind;
import storagebench.events.IoSample;
import storagebench.require.Needs;
import storagebench.require.Requirement;
import storagebench.require.SharedServers;
import storagebench.workload.Params;
import storagebench.workload.Phase;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;
import storagebench.workload.Workload;

/** filegroup-insert on a real Firebird server (STORAGEBENCH_FB_* set by .ci/db-servers.sh). */
@SharedServers
class FirebirdFilegroupInsertIT {
    private static final long MIB = 1024 * 1024;
    @TempDir Path tmp;

    private static Params params(
            int files, long fileSize, int rows, String name, Duration sampleInterval) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("files", files);
        values.put("rows", rows);
        values.put("name", name);
        values.put("sample-interval", sampleInterval);
        values.put("file-size", fileSize);
        return new Params(values);
    }

    private TrialContext trial(DatabaseTarget target, Params params) {
        return new TrialContext(
                "run", "e", "host", "trial-1", Map.of(), target, params, tmp.resolve("out"));
    }

    /** Runs the steps as the runner does: the measured step's after-work adds to its metrics. */
    private static Map<String, Double> runSteps(List<Step> steps) throws Exception {
        Map<String, Double> measured = Map.of();
        for (Step step : steps) {
            Map<String, Double> metrics = step.action().run();
            if (step.phase() == Phase.MEASURED) {
                measured = new LinkedHashMap<>(metrics);
                if (step.after() != null) {
                    measured.putAll(step.after().run(null));
                }
            }
        }
        return measured;
    }

    private static List<String> filesNamed(String prefix) throws Exception {
        try (Stream<Path> files = Files.list(FirebirdEnv.databaseRoot())) {
            return files.map(f -> f.getFileName().toString())
                    .filter(f -> f.startsWith(prefix + "."))
                    .toList();
        }
    }

    @Needs(Requirement.FIREBIRD)
    @Test
    void rowsFillTheFilesInSequenceOnePagePerRowAndTheDatabaseIsDropped() throws Exception {
        // given: 3 files of 256 pages; the primary's first ~180 pages are the system tables
        DatabaseTarget fb = FirebirdEnv.target();
        Workload workload = new FilegroupInsertWorkload().on(fb);
        Params p = params(3, 2 * MIB, 400, "sb_it_fg", Duration.ZERO);
        workload.preflight(fb, List.of(p));
        // when
        Map<String, Double> metrics = runSteps(workload.steps(trial(fb, p)));
        // then: the first two files are full before the third gets pages, one page per row
        assertThat(metrics)
                .containsEntry("rows", 400.0)
                .containsEntry("files", 3.0)
                .containsEntry("file_001_pages", 256.0)
                .containsEntry("file_002_pages", 256.0);
        assertThat(metrics.get("file_003_pages"))
                .isBetween(400.0 + 150 - 512, 400.0 * 1.1 + 250 - 512);
        assertThat(metrics.get("pages")).isEqualTo(512 + metrics.get("file_003_pages"));
        assertThat(metrics.get("file_002_bytes"))
                .isEqualTo((256.0 + 1) * 8192); // and its own header page
        assertThat(filesNamed("sb_it_fg")).isEmpty();
    }

    @Needs(Requirement.FIREBIRD)
    @Test
    void ioIsSampledFromMonIoStats() throws Exception {
        // given: one file, samples every 100 ms
        DatabaseTarget fb = FirebirdEnv.target();
        TrialContext trial = trial(fb, params(1, 0, 300, "sb_it_io", Duration.ofMillis(100)));
        // when
        Map<String, Double> metrics = runSteps(new FilegroupInsertWorkload().on(fb).steps(trial));
        // then: the database's page writes cover the rows; the inserting attachment is sampled too
        List<IoSample> samples = trial.emitted().stream().map(IoSample.class::cast).toList();
        assertThat(samples).hasSize(metrics.get("io_samples").intValue());
        assertThat(samples)
                .extracting(s -> s.getFile().toString())
                .contains("database")
                .anyMatch(f -> f.startsWith("attachment:"));
        long written =
                samples.stream()
                        .filter(s -> s.getFile().equals("database"))
                        .mapToLong(IoSample::getBytesWritten)
                        .sum();
        assertThat(written).isGreaterThanOrEqualTo(300 * 8192L);
        assertThat(samples).allMatch(s -> s.getStep().equals("insert") && s.getIntervalMs() > 0);
    }

    @Needs(Requirement.FIREBIRD)
    @Test
    void setUpRemovesWhatAnInterruptedTrialLeft() throws Exception {
        // given: a trial of 4 files whose process died after set-up (its connection still
        // attached), and a
        // stray secondary file without its primary
        DatabaseTarget fb = FirebirdEnv.target();
        Workload workload = new FilegroupInsertWorkload().on(fb);
        List<Step> interrupted =
                workload.steps(trial(fb, params(4, 2 * MIB, 1, "sb_it_left", Duration.ZERO)));
        interrupted.get(0).action().run();
        assertThat(filesNamed("sb_it_left")).hasSize(4);
        // when: the restarted trial has 2 files
        Map<String, Double> metrics =
                runSteps(
                        workload.steps(
                                trial(fb, params(2, 2 * MIB, 10, "sb_it_left", Duration.ZERO))));
        // then
        assertThat(metrics).containsEntry("rows", 10.0).containsEntry("files", 2.0);
        assertThat(filesNamed("sb_it_left")).isEmpty();
        interrupted
                .get(2)
                .action()
                .run(); // the old trial's clean-up: its connection is gone, nothing to drop
        assertThat(filesNamed("sb_it_left")).isEmpty();
    }

    @Needs(Requirement.FIREBIRD)
    @Test
    void badNamesAndSizesAreRefusedBeforeAnythingRuns() {
        DatabaseTarget fb = FirebirdEnv.target();
        Workload workload = new FilegroupInsertWorkload().on(fb);
        for (String name : HostileNames.ALL) {
            assertThatThrownBy(
                            () ->
                                    workload.preflight(
                                            fb, List.of(params(1, 0, 1, name, Duration.ZERO))))
                    .as("%s", name)
                    .isInstanceOf(BadInputException.class)
                    .hasMessageContaining("not a valid database identifier");
        }
        // 31 characters is Firebird 3's limit, with room kept for the longest suffix
        assertThatThrownBy(
                        () ->
                                workload.preflight(
                                        fb,
                                        List.of(params(1, 0, 1, "x".repeat(25), Duration.ZERO))))
                .hasMessageContaining("at most 31 characters (firebird)");
        assertThatThrownBy(
                        () ->
                                workload.preflight(
                                        fb, List.of(params(2, MIB, 1, "sb", Duration.ZERO))))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("file-size must be at least 2MiB");
    }

    private static final DatabaseFilegroupInsert FIREBIRD =
            DatabaseFilegroupInsert.on(TargetKind.FIREBIRD);

    @Test
    void aMissingDatabaseRootIsNamed() {
        DatabaseTarget noRoot =
                new DatabaseTarget(
                        TargetKind.FIREBIRD,
                        TargetKind.FIREBIRD.dialect(),
                        "jdbc:firebird://127.0.0.1:1/x",
                        "SYSDBA",
                        null,
                        Duration.ofSeconds(1),
                        null,
                        null);
        assertThatThrownBy(
                        () ->
                                FIREBIRD.preflight(
                                        noRoot, List.of(params(1, 0, 1, "sb", Duration.ZERO))))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("filegroup-insert on firebird needs target.database-root");
        DatabaseTarget missing =
                new DatabaseTarget(
                        noRoot.kind(),
                        noRoot.dialect(),
                        noRoot.url(),
                        "SYSDBA",
                        null,
                        Duration.ofSeconds(1),
                        tmp.resolve("nope"),
                        null);
        assertThatThrownBy(
                        () ->
                                FIREBIRD.preflight(
                                        missing, List.of(params(1, 0, 1, "sb", Duration.ZERO))))
                .hasMessageContaining("is not a directory on this host");
    }
}
