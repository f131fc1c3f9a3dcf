package storagebench.workload.restore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.BadInputException;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.FirebirdEnv;
import storagebench.events.Outcome;
import storagebench.events.TrialTimed;
import storagebench.require.Needs;
import storagebench.require.Requirement;
import storagebench.require.SharedServers;
import storagebench.workload.Params;
import storagebench.workload.Phase;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;
import storagebench.workload.Workload;

/** restore on a real Firebird server with the real gbak (STORAGEBENCH_FB_* set by .ci/db-servers.sh). */
@SharedServers
class FirebirdRestoreIT {
    @TempDir Path tmp;

    private static Params params(String backup, int rows, int indexes, String name, String gbak) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("backup", backup);
        values.put("rows", rows);
        values.put("indexes", indexes);
        values.put("page-size", 8192L);
        values.put("gbak", gbak);
        values.put("name", name);
        return new Params(values);
    }

    private TrialContext trial(DatabaseTarget target, Params params) throws IOException {
        // the folder relative to the working directory, as under the default data directory,
        // ./data:
        // gbak works in the trial's folder
        return new TrialContext(
                "run",
                "e",
                "host",
                "trial-1",
                Map.of(),
                target,
                params,
                Files.createTempDirectory(Path.of("target"), "trial-").resolve("out"));
    }

    private static TrialTimed timed(String step) {
        Instant start = Instant.now();
        return TrialTimed.newBuilder()
                .setEventId("t/restore")
                .setRunId("run")
                .setExperiment("e")
                .setHost("host")
                .setTrialId("trial-1")
                .setTrialIndex(0)
                .setVariant("")
                .setFactors(Map.of())
                .setRepetition(1)
                .setWarmup(false)
                .setStep(step)
                .setStartTime(start)
                .setEndTime(start)
                .setDurationNs(1)
                .setOutcome(Outcome.OK)
                .setMetrics(Map.of())
                .build();
    }

    private static List<String> filesNamed(String prefix) throws Exception {
        try (Stream<Path> files = Files.list(FirebirdEnv.databaseRoot())) {
            return files.map(f -> f.getFileName().toString())
                    .filter(f -> f.startsWith(prefix))
                    .toList();
        }
    }

    @Test
    void onAFirebirdTargetRestoreIsGbak() {
        assertThat(new RestoreWorkload().on(FirebirdEnv.target()))
                .isInstanceOf(FirebirdRestore.class);
    }

    @Needs(Requirement.FIREBIRD)
    @Test
    void gbakRestoresTheBackupSetUpMadeAndItsLogBecomesSubStepsPerIndex() throws Exception {
        // given
        DatabaseTarget fb = FirebirdEnv.target();
        Workload restore = new RestoreWorkload().on(fb);
        Params p = params("", 20_000, 3, "sb_it_restore", "gbak");
        restore.preflight(fb, List.of(p));
        TrialContext trial = trial(fb, p);
        List<Step> steps = restore.steps(trial);
        // when
        Map<String, Double> setup = steps.get(0).action().run();
        Map<String, Double> measured = new LinkedHashMap<>(steps.get(1).action().run());
        measured.putAll(steps.get(1).after().run(timed("restore")));
        boolean restoredWhileRunning =
                Files.exists(FirebirdEnv.databaseRoot().resolve("sb_it_restore.fdb"));
        steps.get(2).action().run();
        // then: a sub-step per index among the parsed steps, the log kept, everything dropped
        assertThat(steps)
                .extracting(Step::name)
                .containsExactly("prepare-backup", "restore", "drop-database");
        assertThat(steps.get(1).phase()).isEqualTo(Phase.MEASURED);
        assertThat(setup).containsEntry("rows", 20_000.0);
        assertThat(restoredWhileRunning).isTrue();
        assertThat(measured.get("restored_bytes")).isGreaterThan(20_000 * 100.0);
        assertThat(measured)
                .containsEntry("total.index_count", 3.0)
                .containsEntry("parsed_malformed", 0.0);
        List<String> subSteps =
                trial.emitted().stream()
                        .filter(TrialTimed.class::isInstance)
                        .map(e -> ((TrialTimed) e).getStep().toString())
                        .toList();
        assertThat(subSteps)
                .contains(
                        "restore.index sb_it_restore_k1",
                        "restore.index sb_it_restore_k2",
                        "restore.index sb_it_restore_k3",
                        "restore.total");
        assertThat(subSteps.stream().filter(s -> s.startsWith("restore.table "))).hasSize(1);
        assertThat(Files.readString(trial.outputDir().resolve("gbak-restore.log")))
                .contains("activating and creating deferred index")
                .doesNotContain(FirebirdEnv.password());
        assertThat(filesNamed("sb_it_restore")).isEmpty();
        assertThat(trial.outputDir().resolve("sb_it_restore.fbk")).doesNotExist();
    }

    @Needs(Requirement.FIREBIRD)
    @Test
    void aFailedGbakFailsTheTrialWithItsMessageAndCleanUpStillDrops() throws Exception {
        // given: a file that is not a backup
        DatabaseTarget fb = FirebirdEnv.target();
        Path bogus = Files.writeString(tmp.resolve("bogus.fbk"), "not a backup\n".repeat(100));
        Workload restore = new RestoreWorkload().on(fb);
        List<Step> steps =
                restore.steps(trial(fb, params(bogus.toString(), 1, 0, "sb_it_bad", "gbak")));
        steps.get(0).action().run();
        // then
        assertThatThrownBy(() -> steps.get(1).action().run())
                .hasMessageStartingWith("gbak -c failed (exit code 1)")
                .hasMessageContaining("ERROR")
                .hasMessageNotContaining(FirebirdEnv.password());
        steps.get(2).action().run();
        assertThat(filesNamed("sb_it_bad")).isEmpty();
        assertThat(bogus).exists();
    }

    @Needs(Requirement.FIREBIRD)
    @Test
    void setUpDropsTheDatabaseAnInterruptedTrialRestored() throws Exception {
        // given: a trial that restored and died before its clean-up
        DatabaseTarget fb = FirebirdEnv.target();
        Workload restore = new RestoreWorkload().on(fb);
        List<Step> interrupted =
                restore.steps(trial(fb, params("", 100, 1, "sb_it_again", "gbak")));
        interrupted.get(0).action().run();
        interrupted.get(1).action().run();
        assertThat(filesNamed("sb_it_again")).containsExactly("sb_it_again.fdb");
        // when: the next trial's set-up and restore
        List<Step> next = restore.steps(trial(fb, params("", 100, 1, "sb_it_again", "gbak")));
        next.get(0).action().run();
        next.get(1).action().run();
        next.get(2).action().run();
        // then
        assertThat(filesNamed("sb_it_again")).isEmpty();
    }

    @Needs(Requirement.FIREBIRD)
    @Test
    void preflightNamesAMissingGbakABadPageSizeAndALongName() {
        DatabaseTarget fb = FirebirdEnv.target();
        Workload restore = new RestoreWorkload().on(fb);
        assertThatThrownBy(
                        () ->
                                restore.preflight(
                                        fb, List.of(params("", 1, 1, "sb", "no-such-gbak-here"))))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining(
                        "restore: gbak: 'no-such-gbak-here' is not found on the PATH");
        Map<String, Object> values = new LinkedHashMap<>(params("", 1, 1, "sb", "gbak").values());
        values.put("page-size", 32768L);
        assertThatThrownBy(() -> restore.preflight(fb, List.of(new Params(values))))
                .hasMessageContaining("pages of 4KiB, 8KiB or 16KiB");
        assertThatThrownBy(
                        () ->
                                restore.preflight(
                                        fb, List.of(params("", 1, 1, "x".repeat(28), "gbak"))))
                .hasMessageContaining("at most 31 characters (firebird)");
        assertThatThrownBy(
                        () ->
                                restore.preflight(
                                        fb,
                                        List.of(
                                                params(
                                                        tmp.resolve("none.fbk").toString(),
                                                        1,
                                                        1,
                                                        "sb",
                                                        "gbak"))))
                .hasMessageContaining("is not a readable file on this host");
    }
}
