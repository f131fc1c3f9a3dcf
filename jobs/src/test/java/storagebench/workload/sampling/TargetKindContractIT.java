package storagebench.workload.sampling;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.FirebirdEnv;
import storagebench.dbms.PasswordSource;
import storagebench.dbms.PostgresEnv;
import storagebench.dbms.SqlServerEnv;
import storagebench.dbms.TargetKind;
import storagebench.events.IoSample;
import storagebench.events.TargetSnapshot;
import storagebench.require.Requirement;
import storagebench.require.SharedServers;
import storagebench.workload.Params;
import storagebench.workload.TrialContext;

/**
 * The live half of the target-kind contract, on every database kind there is a server for (H2 always;
 * PostgreSQL and Firebird from .ci/db-servers.sh; SQL Server when given): the probe names the kind, the
 * product and its version and holds no password; the IO sampler starts, samples, stops with its events
 * in the trial (its first sample taken before start returns), and closes twice without complaint.
 */
@SharedServers
class TargetKindContractIT {
    @TempDir Path tmp;

    private DatabaseTarget target(TargetKind kind) {
        return switch (kind) {
            case H2 ->
                    new DatabaseTarget(
                            TargetKind.H2,
                            TargetKind.H2.dialect(),
                            "jdbc:h2:file:" + tmp.resolve("h2").resolve("base"),
                            "sa",
                            new PasswordSource(null, null),
                            Duration.ofSeconds(5),
                            null,
                            null);
            case POSTGRES -> {
                Requirement.POSTGRES.check();
                yield PostgresEnv.target();
            }
            case FIREBIRD -> {
                Requirement.FIREBIRD.check();
                yield FirebirdEnv.target();
            }
            case SQLSERVER -> {
                Requirement.SQLSERVER.check();
                yield SqlServerEnv.target();
            }
            case LOCAL -> throw new IllegalArgumentException("local is no database");
        };
    }

    @ParameterizedTest
    @EnumSource(value = TargetKind.class, names = "LOCAL", mode = EnumSource.Mode.EXCLUDE)
    void theProbeNamesKindProductAndVersionAndNoPassword(TargetKind kind) {
        // given
        DatabaseTarget target = target(kind);
        // when
        TargetSnapshot snapshot = target.snapshot();
        // then
        assertThat(snapshot.getKind()).isEqualTo(kind.yamlName());
        assertThat(snapshot.getProduct()).isNotBlank();
        assertThat(snapshot.getVersion()).isNotBlank();
        String password = target.password().resolve().orElse(null);
        if (password != null && !password.isEmpty()) {
            assertThat(snapshot.toString()).doesNotContain(password);
        }
    }

    @ParameterizedTest
    @EnumSource(value = TargetKind.class, names = "LOCAL", mode = EnumSource.Mode.EXCLUDE)
    void theIoSamplerStartsStopsAndClosesTwice(TargetKind kind) throws Exception {
        // given
        DatabaseTarget target = target(kind);
        TrialContext trial =
                new TrialContext(
                        "run-1",
                        "contract",
                        "host",
                        "trial-1",
                        Map.of(),
                        target,
                        new Params(Map.of()),
                        tmp.resolve("out"));
        String parameter = kind == TargetKind.SQLSERVER ? "master" : ".*";
        DatabaseIoSampler sampler =
                new DatabaseIoSampler(
                        target, target.url(), trial, "step", Duration.ofMillis(50), parameter);
        // when
        sampler.start();
        Instant started = Instant.now();
        Thread.sleep(250);
        List<IoSample> samples = sampler.stop();
        sampler.close();
        sampler.close();
        // then: every sample is of this trial and step, and went into the trial
        assertThat(samples)
                .allSatisfy(
                        s -> {
                            assertThat(s.getTrialId()).isEqualTo("trial-1");
                            assertThat(s.getStep()).isEqualTo("step");
                        });
        assertThat(trial.emitted()).containsAll(samples);
        // and the first sample was taken before start returned: the work after it is all counted
        assertThat(samples).isNotEmpty();
        assertThat(samples.stream().map(IoSample::getIntervalStart).min(Instant::compareTo))
                .get()
                .matches(first -> !first.isAfter(started), "no later than " + started);
    }
}
