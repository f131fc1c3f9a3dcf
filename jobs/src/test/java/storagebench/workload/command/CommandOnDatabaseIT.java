package storagebench.workload.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.FirebirdEnv;
import storagebench.dbms.PostgresEnv;
import storagebench.events.IoSample;
import storagebench.events.Outcome;
import storagebench.events.TrialTimed;
import storagebench.require.Needs;
import storagebench.require.Requirement;
import storagebench.require.SharedServers;
import storagebench.workload.Params;
import storagebench.workload.Phase;
import storagebench.workload.Step;
import storagebench.workload.TestParams;
import storagebench.workload.TrialContext;
import storagebench.workload.Workload;

/** A command against a real database server: the server in its environment, IO sampled while it runs. */
@SharedServers
class CommandOnDatabaseIT {
    @TempDir Path tmp;

    private static TrialTimed measured() {
        Instant start = Instant.now();
        return TrialTimed.newBuilder()
                .setEventId("t/run")
                .setRunId("r")
                .setExperiment("e")
                .setHost("h")
                .setTrialId("t")
                .setTrialIndex(0)
                .setVariant("default")
                .setFactors(Map.of())
                .setRepetition(1)
                .setWarmup(false)
                .setStep("run")
                .setStartTime(start)
                .setEndTime(start)
                .setDurationNs(1)
                .setOutcome(Outcome.OK)
                .setMetrics(Map.of())
                .build();
    }

    /** Runs every step in order, the measured one's after-work too; returns the measured step's metrics. */
    private static Map<String, Double> run(List<Step> steps) throws Exception {
        Map<String, Double> measured = new LinkedHashMap<>();
        for (Step step : steps) {
            Map<String, Double> metrics = step.action().run();
            if (step.phase() == Phase.MEASURED) {
                measured.putAll(metrics);
                measured.putAll(step.after().run(measured()));
            }
        }
        return measured;
    }

    private static List<String> sampledFiles(TrialContext trial) {
        return trial.emitted().stream()
                .filter(IoSample.class::isInstance)
                .map(e -> ((IoSample) e).getFile())
                .distinct()
                .sorted()
                .toList();
    }

    @Needs(Requirement.POSTGRES)
    @Test
    void onPostgresTheCommandReachesTheServerThroughLibpqsVariablesAndItsWalIsSampled()
            throws Exception {
        DatabaseTarget pg = PostgresEnv.target();
        Workload workload = new CommandWorkload().on(pg);
        Params p =
                TestParams.of(
                        workload,
                        "shell",
                        "true",
                        "sample-interval",
                        "100ms",
                        "command",
                        "psql -v ON_ERROR_STOP=1 -Atc 'select current_user; "
                                + "create temporary table t as select g from generate_series(1, 200000) g' > who.txt; "
                                + "sleep 0.5; env > env.txt");
        workload.preflight(pg, List.of(p));
        TrialContext trial =
                new TrialContext("r", "e", "h", "t", Map.of(), pg, p, tmp.resolve("out"));
        // when
        Map<String, Double> metrics = run(workload.steps(trial));
        // then: it logged in as the target's user with no password on its command line, in its
        // output dir
        assertThat(Files.readString(trial.outputDir().resolve("who.txt")).lines().findFirst())
                .contains(PostgresEnv.user());
        String env = Files.readString(trial.outputDir().resolve("env.txt"));
        assertThat(env)
                .contains(
                        "PGHOST=",
                        "PGPORT=",
                        "PGUSER=" + PostgresEnv.user(),
                        "STORAGEBENCH_TARGET_KIND=postgres");
        assertThat(metrics.get("exit_code")).isZero();
        assertThat(sampledFiles(trial)).contains("wal", "buffers-written");
        assertThat(metrics.get("io_samples"))
                .isEqualTo(
                        (double)
                                trial.emitted().stream()
                                        .filter(IoSample.class::isInstance)
                                        .count());
    }

    @Needs(Requirement.FIREBIRD)
    @Test
    void onFirebirdTheCommandGetsTheCredentialsItsToolsReadAndTheDatabaseIsSampled()
            throws Exception {
        DatabaseTarget fb = FirebirdEnv.target();
        Workload workload = new CommandWorkload().on(fb);
        Params p =
                TestParams.of(
                        workload,
                        "shell",
                        "true",
                        "sample-interval",
                        "100ms",
                        "command",
                        "test \"$ISC_USER\" = '"
                                + FirebirdEnv.user()
                                + "' && test -n \"$ISC_PASSWORD\" && sleep 0.5");
        TrialContext trial =
                new TrialContext("r", "e", "h", "t", Map.of(), fb, p, tmp.resolve("fb"));
        // when
        Map<String, Double> metrics = run(workload.steps(trial));
        // then
        assertThat(metrics.get("exit_code")).isZero();
        assertThat(sampledFiles(trial)).contains("database");
        List<SpecificRecord> events = trial.emitted();
        assertThat(events).isNotEmpty();
    }
}
