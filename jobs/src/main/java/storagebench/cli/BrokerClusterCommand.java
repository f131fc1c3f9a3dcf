package storagebench.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import storagebench.BadInputException;
import storagebench.broker.ClusterLayout;
import storagebench.broker.LocalCluster;

/** {@code storagebench broker cluster}: a local Kafka cluster of N brokers, for trying a fleet on one machine. */
@Command(
        name = "cluster",
        mixinStandardHelpOptions = true,
        description = {
            "A Kafka cluster of N KRaft brokers on loopback (Kafka's own server classes, as the embedded"
                    + " broker), each a process of its own with its log under DIR/node-N, for trying"
                    + " several storagebench hosts against one cluster on one machine. Its nodes run until"
                    + " stopped; start them again on the same ports and logs.",
            "Point commands at it with --bootstrap-servers (printed by start and status)."
        },
        footer = {
            "",
            "Examples:",
            "  storagebench broker cluster start --dir /tmp/kafka3 --brokers 3",
            "  storagebench run pipeline-config/local/file-init.yaml \\",
            "      --bootstrap-servers HOST:PORT,...",
            "  storagebench broker cluster stop --dir /tmp/kafka3 --node 2  # lose node 2",
            "  storagebench broker cluster stop --dir /tmp/kafka3"
        },
        subcommands = {
            BrokerClusterCommand.Start.class,
            BrokerClusterCommand.Status.class,
            BrokerClusterCommand.Stop.class
        })
final class BrokerClusterCommand implements Runnable {
    @Spec CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    static LocalCluster existing(Path dir) {
        Optional<LocalCluster> cluster = LocalCluster.existing(dir);
        if (cluster.isEmpty()) {
            throw new BadInputException(
                    "no cluster in "
                            + dir
                            + " (start one with: storagebench broker cluster start)");
        }
        return cluster.get();
    }

    static void checkNode(LocalCluster cluster, Integer node) {
        if (node != null && !cluster.nodeIds().contains(node)) {
            throw new BadInputException(
                    "--node " + node + ": the cluster's nodes are " + cluster.nodeIds());
        }
    }

    @Command(
            name = "start",
            mixinStandardHelpOptions = true,
            description =
                    "Lays out the cluster the first time (ports, one cluster id), starts the nodes not"
                            + " running, waits until every broker has joined, and prints the bootstrap"
                            + " servers.")
    static final class Start implements Callable<Integer> {
        @Option(names = "--dir", required = true, paramLabel = "DIR", description = "Its folder.")
        Path dir;

        @Option(
                names = "--brokers",
                defaultValue = "3",
                paramLabel = "N",
                description = "Brokers in a new cluster, 1 to 9 (default: ${DEFAULT-VALUE}).")
        int brokers;

        @Override
        public Integer call() {
            if (brokers < 1 || brokers > 9) {
                throw new BadInputException("--brokers must be 1 to 9, got " + brokers);
            }
            LocalCluster cluster = LocalCluster.in(dir, brokers).start();
            System.out.println(
                    "cluster of "
                            + brokers
                            + " broker(s) in "
                            + cluster.dir()
                            + ": running; bootstrap servers: "
                            + cluster.bootstrapServers());
            System.out.println(
                    "use it with: storagebench run EXPERIMENT.yaml --bootstrap-servers "
                            + cluster.bootstrapServers());
            return 0;
        }
    }

    @Command(
            name = "status",
            mixinStandardHelpOptions = true,
            description =
                    "Each node: running (its address and process id) or not. Exit 0 when every node"
                            + " answers, 1 otherwise.")
    static final class Status implements Callable<Integer> {
        @Option(names = "--dir", required = true, paramLabel = "DIR", description = "Its folder.")
        Path dir;

        @Override
        public Integer call() {
            LocalCluster cluster = existing(dir);
            int answering = 0;
            for (ClusterLayout.Node node : cluster.layout().nodes()) {
                boolean up = cluster.answering(node.id());
                answering += up ? 1 : 0;
                System.out.println(
                        "node "
                                + node.id()
                                + ": "
                                + (up
                                        ? "running on "
                                                + node.clientAddress()
                                                + ", pid "
                                                + cluster.pid(node.id())
                                                        .map(String::valueOf)
                                                        .orElse("?")
                                        : cluster.alive(node.id())
                                                ? "starting or not answering"
                                                : "not running"));
            }
            System.out.println("bootstrap servers: " + cluster.bootstrapServers());
            return answering == cluster.nodeIds().size() ? 0 : Main.FAILED;
        }
    }

    @Command(
            name = "stop",
            mixinStandardHelpOptions = true,
            description =
                    "Stops the cluster's nodes cleanly (SIGTERM: each hands its leaderships over), or"
                            + " only one with --node; its log stays for the next start.")
    static final class Stop implements Callable<Integer> {
        @Option(names = "--dir", required = true, paramLabel = "DIR", description = "Its folder.")
        Path dir;

        @Option(names = "--node", paramLabel = "ID", description = "Stop only this node.")
        Integer node;

        @Override
        public Integer call() {
            LocalCluster cluster = existing(dir);
            checkNode(cluster, node);
            List<Integer> nodes = node == null ? cluster.nodeIds() : List.of(node);
            if (node == null) {
                cluster.stop();
            } else {
                cluster.stop(node);
            }
            System.out.println("cluster in " + cluster.dir() + ": stopped node(s) " + nodes);
            return 0;
        }
    }
}
