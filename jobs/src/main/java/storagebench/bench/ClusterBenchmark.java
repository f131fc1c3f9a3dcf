package storagebench.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import storagebench.bench.ClusterBenchReport.Kill;
import storagebench.bench.ClusterBenchReport.Pair;
import storagebench.broker.LocalCluster;

/**
 * {@code bench cluster}: a run on a local cluster of three brokers beside the same run on the embedded
 * broker (per-trial overhead, alternating ABBA), then the failover stall of killing the leader of a
 * run's partition. Everything in a temporary folder of its own, removed at the end.
 */
public final class ClusterBenchmark {
    static final int BROKERS = 3;

    private ClusterBenchmark() {}

    /**
     * @param parent where the temporary folder goes
     * @param trials trials per overhead run
     * @param pairs ABBA pairs of overhead runs (0: none)
     * @param kills leader kills (0: none)
     * @param seed chooses the moments of the kills
     */
    public static ClusterBenchReport run(Path parent, int trials, int pairs, int kills, long seed)
            throws Exception {
        Files.createDirectories(parent);
        Path dir = Files.createTempDirectory(parent.toAbsolutePath(), "bench-cluster-");
        try (LocalCluster cluster = LocalCluster.in(dir.resolve("cluster"), BROKERS).start()) {
            List<Pair> measured = List.of();
            double before = -1;
            double after = -1;
            if (pairs > 0) {
                // A the embedded broker, B the cluster
                Abba.Paired<Double> paired =
                        Abba.run(
                                pairs,
                                false,
                                i ->
                                        overhead(
                                                dir.resolve("pair-" + i + "-a"),
                                                trials,
                                                false,
                                                cluster),
                                i ->
                                        overhead(
                                                dir.resolve("pair-" + i + "-b"),
                                                trials,
                                                true,
                                                cluster));
                measured =
                        paired.pairs().stream()
                                .map(p -> new Pair(p.bFirst(), p.a(), p.b()))
                                .toList();
                before = paired.loadBefore();
                after = paired.loadAfter();
            }
            List<Kill> killed =
                    kills == 0
                            ? List.of()
                            : new FailoverBench(cluster, seed)
                                    .kills(Files.createDirectories(dir.resolve("failover")), kills);
            return new ClusterBenchReport(BROKERS, trials, measured, before, after, seed, killed);
        } finally {
            delete(dir);
        }
    }

    private static double overhead(Path dir, int trials, boolean onCluster, LocalCluster cluster)
            throws Exception {
        Files.createDirectories(dir);
        List<Double> gaps =
                HarnessBench.overheadPerTrial(
                        dir,
                        trials,
                        onCluster ? Optional.of(cluster.bootstrapServers()) : Optional.empty());
        return PairRatios.median(gaps);
    }

    private static void delete(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + dir, e);
        }
    }
}
