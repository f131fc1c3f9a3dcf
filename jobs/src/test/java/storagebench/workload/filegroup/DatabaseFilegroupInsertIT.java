package storagebench.workload.filegroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.BadInputException;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.HostileNames;
import storagebench.dbms.PostgresEnv;
import storagebench.dbms.Target;
import storagebench.dbms.TargetKind;
import storagebench.dbms.local.LocalTarget;
import storagebench.events.IoSample;
import storagebench.experiment.ExperimentLoader;
import storagebench.require.Needs;
import storagebench.require.Requirement;
import storagebench.require.SharedServers;
import storagebench.workload.Params;
import storagebench.workload.Phase;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;
import storagebench.workload.Workload;

/** filegroup-insert on real databases: H2 always, PostgreSQL when the STORAGEBENCH_PG_* variables are set. */
@SharedServers
class DatabaseFilegroupInsertIT {
    @TempDir Path tmp;
    private final Workload workload = DatabaseFilegroupInsert.on(TargetKind.H2);

    private DatabaseTarget h2() {
        return (DatabaseTarget)
                new ExperimentLoader(Path.of("/tmp"))
                        .parse(
                                "e.yaml",
                                """
                experiment: t
                target: {kind: h2, url: "jdbc:h2:file:%s"}
                workload: {type: filegroup-insert}
                """
                                        .formatted(tmp.resolve("base")))
                        .target();
    }

    private static Params params(int files, int rows, String name) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("files", files);
        values.put("rows", rows);
        values.put("name", name);
        values.put("sample-interval", Duration.ZERO);
        return new Params(values);
    }

    private TrialContext trial(Target target, Params params) {
        return new TrialContext(
                "run", "e", "host", "trial-1", Map.of(), target, params, tmp.resolve("out"));
    }

    private static Map<String, Double> runSteps(List<Step> steps) throws Exception {
        Map<String, Double> measured = Map.of();
        for (Step step : steps) {
            Map<String, Double> metrics = step.action().run();
            if (step.phase() == Phase.MEASURED) {
                measured = metrics;
            }
        }
        return measured;
    }

    @Test
    void onADatabaseTargetTheWorkloadHasItsDatabaseParameters() {
        assertThat(new FilegroupInsertWorkload().on(h2()))
                .isInstanceOf(DatabaseFilegroupInsert.class);
        assertThat(workload.name()).isEqualTo("filegroup-insert");
        assertThat(new FilegroupInsertWorkload().on(new LocalTarget(tmp)))
                .isInstanceOf(LocalFilegroupInsert.class);
    }

    @Test
    void h2InsertsIntoAFreshDatabaseFileAndDeletesIt() throws Exception {
        // given
        DatabaseTarget h2 = h2();
        Params p = params(1, 200, "sb_fg");
        workload.preflight(h2, List.of(p));
        // when
        List<Step> steps = workload.steps(trial(h2, p));
        Map<String, Double> metrics = runSteps(steps);
        // then
        assertThat(steps)
                .extracting(Step::name)
                .containsExactly("create-storage", "insert", "drop-storage");
        assertThat(metrics).containsEntry("rows", 200.0).containsEntry("files", 1.0);
        assertThat(metrics.get("file_bytes")).isGreaterThan(200 * 1000.0);
        try (Stream<Path> left = Files.list(tmp)) {
            assertThat(left.map(f -> f.getFileName().toString()))
                    .noneMatch(f -> f.contains("sb_fg"));
        }
    }

    @Test
    void h2RefusesMoreThanOneFileWithTheReason() {
        assertThatThrownBy(
                        () ->
                                workload.preflight(
                                        h2(), List.of(params(1, 10, "a"), params(5, 10, "a"))))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("files must be 1, got 5: an H2 database is one file");
    }

    @Test
    void hostileNamesAreRefusedBeforeAnythingRuns() {
        for (String name : HostileNames.ALL) {
            assertThatThrownBy(() -> workload.preflight(h2(), List.of(params(1, 10, name))))
                    .as("%s", name)
                    .isInstanceOf(BadInputException.class)
                    .hasMessageContaining("not a valid database identifier");
        }
        // a name that fits alone but not with the tablespace suffix
        assertThatThrownBy(() -> workload.preflight(h2(), List.of(params(1, 10, "x".repeat(60)))))
                .hasMessageContaining("with '_ts0000' added");
    }

    @Test
    void reservedWordsAndMixedCaseAreHarmlessOnceQuoted() throws Exception {
        // given: names that would break unquoted SQL
        for (String name : List.of("select", "Drop_Table", "_")) {
            Params p = params(1, 3, name);
            workload.preflight(h2(), List.of(p));
            // when / then
            assertThat(runSteps(workload.steps(trial(h2(), p)))).containsEntry("rows", 3.0);
        }
    }

    @Needs(Requirement.POSTGRES)
    @Test
    void postgresSpreadsOneRowPerPageOverTheTablespacesAndDropsThemAll() throws Exception {
        // given
        DatabaseTarget pg = PostgresEnv.target();
        Params p = params(3, 60, "sb_it_fg");
        Workload onPg = new FilegroupInsertWorkload().on(pg);
        onPg.preflight(pg, List.of(p));
        // when
        Map<String, Double> metrics = runSteps(onPg.steps(trial(pg, p)));
        // then: 60 rows of char(8000) with STORAGE PLAIN take 60 heap pages, split over 3
        // partitions
        assertThat(metrics)
                .containsEntry("rows", 60.0)
                .containsEntry("files", 3.0)
                .containsEntry("pages", 60.0);
        assertThat(metrics.get("partition_pages_min")).isGreaterThan(5.0);
        assertThat(metrics.get("wal_bytes")).isGreaterThan(60 * 8000.0);
        assertThat(tablespaces(pg, "sb_it_fg")).isEmpty();
        try (Stream<Path> left = Files.list(pg.storageRoot())) {
            assertThat(left.map(f -> f.getFileName().toString()))
                    .noneMatch(f -> f.startsWith("sb_it_fg"));
        }
    }

    @Needs(Requirement.POSTGRES)
    @Test
    void postgresIoIsSampledIntoIoSamplesDuringTheInserts() throws Exception {
        // given: samples every 100 ms
        DatabaseTarget pg = PostgresEnv.target();
        Map<String, Object> values = new LinkedHashMap<>(params(2, 400, "sb_it_io").values());
        values.put("sample-interval", Duration.ofMillis(100));
        TrialContext trial = trial(pg, new Params(values));
        // when
        Map<String, Double> metrics = runSteps(new FilegroupInsertWorkload().on(pg).steps(trial));
        // then: per interval, the database, the WAL, the cluster's buffer writes and both
        // partitions
        List<IoSample> samples = trial.emitted().stream().map(IoSample.class::cast).toList();
        assertThat(samples).hasSize(metrics.get("io_samples").intValue());
        assertThat(samples)
                .extracting(s -> s.getFile().toString())
                .contains(
                        "db:" + database(pg),
                        "wal",
                        "buffers-written",
                        "sb_it_io_p001",
                        "sb_it_io_p002");
        long walBytes =
                samples.stream()
                        .filter(s -> s.getFile().equals("wal"))
                        .mapToLong(IoSample::getBytesWritten)
                        .sum();
        assertThat(walBytes).isGreaterThan(400 * 8000L);
        assertThat(samples).allMatch(s -> s.getStep().equals("insert") && s.getIntervalMs() > 0);
        assertThat(
                        samples.stream()
                                .filter(s -> s.getFile().equals("sb_it_io_p001"))
                                .mapToLong(s -> s.getSizeBytes())
                                .max()
                                .orElseThrow())
                .isGreaterThan(100 * 8192L);
    }

    @Test
    void h2IoIsSampledFromItsStoreCounters() throws Exception {
        // given
        Map<String, Object> values = new LinkedHashMap<>(params(1, 300, "sb_io").values());
        values.put("sample-interval", Duration.ofMillis(50));
        TrialContext trial = trial(h2(), new Params(values));
        // when
        runSteps(workload.steps(trial));
        // then
        List<IoSample> samples = trial.emitted().stream().map(IoSample.class::cast).toList();
        assertThat(samples).isNotEmpty().allMatch(s -> s.getFile().equals("database"));
        assertThat(samples.stream().mapToLong(IoSample::getBytesWritten).sum()).isPositive();
    }

    private static String database(DatabaseTarget pg) throws Exception {
        try (Connection c = pg.connect();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT current_database()")) {
            rs.next();
            return rs.getString(1);
        }
    }

    @Needs(Requirement.POSTGRES)
    @Test
    void postgresSetUpRemovesWhatAnInterruptedTrialLeft() throws Exception {
        // given: a trial with 4 tablespaces whose process died after set-up (no clean-up)
        DatabaseTarget pg = PostgresEnv.target();
        Workload onPg = new FilegroupInsertWorkload().on(pg);
        List<Step> interrupted = onPg.steps(trial(pg, params(4, 1, "sb_it_left")));
        interrupted.get(0).action().run();
        assertThat(tablespaces(pg, "sb_it_left")).hasSize(4);
        // when: the restarted trial has 2 files
        Map<String, Double> metrics = runSteps(onPg.steps(trial(pg, params(2, 10, "sb_it_left"))));
        // then
        assertThat(metrics).containsEntry("pages", 10.0);
        assertThat(tablespaces(pg, "sb_it_left")).isEmpty();
        interrupted
                .get(2)
                .action()
                .run(); // the old trial's connection, closed; dropping again is harmless
    }

    private static List<String> tablespaces(DatabaseTarget pg, String prefix) throws Exception {
        List<String> names = new ArrayList<>();
        try (Connection c = pg.connect();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT spcname FROM pg_tablespace ORDER BY 1")) {
            while (rs.next()) {
                if (rs.getString(1).startsWith(prefix)) {
                    names.add(rs.getString(1));
                }
            }
        }
        return names;
    }
}
