package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.ClusterNeeds;
import storagebench.require.Requirement;

/**
 * README's {@code bench cluster}, scaled down: the overhead on three brokers beside the embedded one,
 * and the stall when the run's partition leader is killed; nothing left behind.
 */
class BenchClusterCommandIT {
    @TempDir Path dir;

    @Test
    void measuresTheOverheadInPairsAndTheStallAfterALeaderIsKilled() {
        Optional<String> cannot = ClusterNeeds.missing();
        if (cannot.isPresent()) {
            throw Requirement.CLUSTER.missing(cannot.get());
        }
        // when
        CliOutput out =
                CliOutput.run(
                        "bench",
                        "cluster",
                        "--trials",
                        "10",
                        "--pairs",
                        "1",
                        "--kills",
                        "1",
                        "--dir",
                        dir.toString());

        // then
        assertThat(out.exit()).as(out.err()).isZero();
        assertThat(out.out())
                .contains("bench cluster: 3 KRaft brokers on loopback")
                .contains("replication factor 3, min.insync.replicas 2")
                .containsPattern(
                        "pair 1 \\(AB\\)  embedded +\\d+\\.\\d\\d ms  cluster +\\d+\\.\\d\\d ms")
                .contains("ratio cluster / embedded: median x")
                .contains("failover: 1 SIGKILLs of the run's partition leader")
                .containsPattern("kill  1  broker \\d")
                .containsPattern("target median < 10 s: (met|NOT met)");
        assertThat(dir).isEmptyDirectory();
    }
}
