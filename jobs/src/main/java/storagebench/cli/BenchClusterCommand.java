package storagebench.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import storagebench.BadInputException;
import storagebench.bench.ClusterBenchmark;

/** {@code bench cluster}: a run on a local 3-broker cluster beside the embedded broker, and failover. */
@Command(
        name = "cluster",
        mixinStandardHelpOptions = true,
        description = {
            "Starts a local cluster of 3 KRaft brokers (each its own process; topic of 6 partitions,"
                    + " replication factor 3, min.insync.replicas 2) in a temporary folder, then:",
            "(a) the per-trial overhead of the same run of N trials of `true` on the embedded broker"
                    + " and on the cluster, alternating in ABBA order over P pairs: each pair's ratio,"
                    + " the median ratio and its range, the load average before and after;",
            "(b) the failover stall: K times, the leader of a run's partition killed (SIGKILL) during"
                    + " a trial, from the kill to the next committed trial: median and max (target:"
                    + " median < 10 s)."
        })
public final class BenchClusterCommand implements Callable<Integer> {
    @Option(
            names = "--dir",
            paramLabel = "DIR",
            defaultValue = "data/bench",
            description = "Where the temporary folder goes (default: ${DEFAULT-VALUE}).")
    Path dir;

    @Option(
            names = "--trials",
            defaultValue = "200",
            description = "Trials per overhead run (default: ${DEFAULT-VALUE}).")
    int trials;

    @Option(
            names = "--pairs",
            defaultValue = "5",
            description = "ABBA pairs of overhead runs; 0 skips (a) (default: ${DEFAULT-VALUE}).")
    int pairs;

    @Option(
            names = "--kills",
            defaultValue = "10",
            description = "Leader kills; 0 skips (b) (default: ${DEFAULT-VALUE}).")
    int kills;

    @Option(
            names = "--seed",
            description = "Chooses the moments of the kills (default: the clock; printed).")
    Long seed;

    @Override
    public Integer call() throws Exception {
        if (trials < 3 || pairs < 0 || kills < 0 || pairs + kills == 0) {
            throw new BadInputException(
                    "--trials must be at least 3, --pairs and --kills not negative, and not both 0");
        }
        long chosen = seed != null ? seed : System.nanoTime();
        System.out.print(ClusterBenchmark.run(dir, trials, pairs, kills, chosen).format());
        return 0;
    }
}
