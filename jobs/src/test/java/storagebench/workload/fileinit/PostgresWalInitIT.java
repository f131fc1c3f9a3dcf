package storagebench.workload.fileinit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.config.ConfigException;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.PostgresEnv;
import storagebench.events.IoSample;
import storagebench.experiment.ExperimentLoader;
import storagebench.require.Needs;
import storagebench.require.Requirement;
import storagebench.require.SharedServers;
import storagebench.workload.Params;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;
import storagebench.workload.Workload;

@SharedServers
class PostgresWalInitIT {
    @TempDir Path tmp;

    @Test
    void onH2FileInitIsRefusedAtLoadWithTheReason() {
        assertThatThrownBy(
                        () ->
                                new ExperimentLoader(tmp)
                                        .parse(
                                                "e.yaml",
                                                """
                experiment: e
                target: {kind: h2}
                workload: {type: file-init, init: zero}
                """))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(
                        "'workload.type': file-init runs on local, postgres and sqlserver targets; h2 has no");
    }

    @Needs(Requirement.POSTGRES)
    @Test
    void zeroAndInstantSetTheServerForTheTrialAndPutItBack() throws Exception {
        DatabaseTarget pg = PostgresEnv.target();
        Workload workload = new FileInitWorkload().on(pg);
        String before = settings(pg, null);
        for (String init : List.of("zero", "instant")) {
            // given
            Params p =
                    new Params(
                            Map.of(
                                    "init",
                                    init,
                                    "segments",
                                    2,
                                    "message-size",
                                    1L << 20,
                                    "sample-interval",
                                    Duration.ofMillis(100)));
            TrialContext trial = new TrialContext("r", "e", "h", "t", Map.of(), pg, p, tmp);
            List<Step> steps = workload.steps(trial);
            // when
            steps.get(0).action().run();
            String during = settings(pg, null);
            Map<String, Double> metrics = steps.get(1).action().run();
            Map<String, Double> after = steps.get(1).after().run(null);
            steps.get(2).action().run();
            // then
            assertThat(during).isEqualTo("off " + (init.equals("zero") ? "on" : "off"));
            assertThat(metrics.get("wal_bytes"))
                    .isGreaterThanOrEqualTo(2.0 * metrics.get("segment_bytes"));
            assertThat(metrics.get("segments_created")).isGreaterThanOrEqualTo(1.0);
            List<IoSample> samples = trial.emitted().stream().map(IoSample.class::cast).toList();
            assertThat(after).containsEntry("io_samples", (double) samples.size());
            assertThat(
                            samples.stream()
                                    .filter(s -> s.getFile().equals("wal"))
                                    .mapToLong(IoSample::getBytesWritten)
                                    .sum())
                    .isGreaterThanOrEqualTo(2L * metrics.get("segment_bytes").longValue());
            assertThat(settings(pg, before)).isEqualTo(before);
        }
    }

    /** wal_recycle and wal_init_zero as a fresh session sees them, once they equal {@code expected} (5 s at most). */
    private static String settings(DatabaseTarget pg, String expected) throws Exception {
        String seen = null;
        for (int i = 0;
                i < 50 && (seen == null || expected != null && !expected.equals(seen));
                i++) {
            if (seen != null) {
                Thread.sleep(100);
            }
            try (Connection c = pg.connect();
                    Statement s = c.createStatement();
                    ResultSet rs =
                            s.executeQuery(
                                    "SELECT current_setting('wal_recycle') || ' ' || current_setting('wal_init_zero')")) {
                rs.next();
                seen = rs.getString(1);
            }
        }
        return seen;
    }
}
