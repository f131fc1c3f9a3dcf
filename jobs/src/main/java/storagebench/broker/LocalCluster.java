package storagebench.broker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import storagebench.BadInputException;
import storagebench.ProcessLock;

/**
 * A Kafka cluster of N KRaft nodes (each broker and controller, every node a voter) from Kafka's own
 * server classes, each node a process of its own ({@link BrokerMain} in {@code node-<id>/}, started
 * through {@link BrokerLauncher}) with its own log directory, all formatted with one cluster id. Its
 * layout ({@link ClusterLayout}) is fixed the first time, so any node can be stopped, killed, frozen
 * and started again on the same ports and log. The nodes outlive this object and the process that
 * started them, until stopped ({@link #stop()}).
 */
public final class LocalCluster implements AutoCloseable {
    /** How long the whole cluster may take to start and take every broker in. */
    public static final Duration START_TIMEOUT = BrokerProcess.START_TIMEOUT;

    private final Path dir;
    private final ClusterLayout layout;

    private LocalCluster(Path dir, ClusterLayout layout) {
        this.dir = dir;
        this.layout = layout;
        for (ClusterLayout.Node node : layout.nodes()) {
            // the test suite stops what a test left running (StopStartedBrokers)
            BrokerProcess.used(files(node.id()));
        }
    }

    /** The cluster of {@code brokers} nodes on loopback in {@code dir}, laid out the first time. */
    public static LocalCluster in(Path dir, int brokers) {
        return in(dir, Collections.nCopies(brokers, NodeSite.LOOPBACK));
    }

    /** The cluster in {@code dir}, one node per site, laid out the first time. */
    public static LocalCluster in(Path dir, List<NodeSite> sites) {
        try {
            Path absolute = dir.toAbsolutePath();
            Files.createDirectories(absolute);
            Optional<ClusterLayout> found = ClusterLayout.read(layoutFile(absolute));
            if (found.isPresent()) {
                if (found.get().nodes().size() != sites.size()) {
                    throw new BadInputException(
                            absolute
                                    + " holds a cluster of "
                                    + found.get().nodes().size()
                                    + " broker(s), not "
                                    + sites.size());
                }
                return new LocalCluster(absolute, found.get());
            }
            ClusterLayout layout = ClusterLayout.choose(sites);
            for (ClusterLayout.Node node : layout.nodes()) {
                BrokerFiles files = BrokerFiles.of(absolute.resolve("node-" + node.id()));
                Files.createDirectories(files.dir());
                layout.properties(node.id()).write(files.node());
            }
            layout.write(layoutFile(absolute));
            return new LocalCluster(absolute, layout);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lay out a cluster in " + dir + ": " + e, e);
        }
    }

    /** The cluster laid out in {@code dir} before, if any. */
    public static Optional<LocalCluster> existing(Path dir) {
        try {
            Path absolute = dir.toAbsolutePath();
            return ClusterLayout.read(layoutFile(absolute)).map(l -> new LocalCluster(absolute, l));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path layoutFile(Path dir) {
        return dir.resolve("cluster.properties");
    }

    public Path dir() {
        return dir;
    }

    public ClusterLayout layout() {
        return layout;
    }

    public List<Integer> nodeIds() {
        return layout.nodes().stream().map(ClusterLayout.Node::id).toList();
    }

    /** Every node's client address, comma-separated: what {@code kafka.bootstrap-servers} takes. */
    public String bootstrapServers() {
        return layout.bootstrapServers();
    }

    /** The files of node {@code id}: its lock, pid, address, output ({@code broker.out}) and log. */
    public BrokerFiles files(int id) {
        return BrokerFiles.of(dir.resolve("node-" + layout.node(id).id()));
    }

    /** Starts every node not running and waits until all of them answer and are brokers of the cluster. */
    public LocalCluster start() {
        start(nodeIds().stream().mapToInt(Integer::intValue).toArray());
        ClusterHealth.awaitBrokers(bootstrapServers(), nodeIds().size(), START_TIMEOUT);
        return this;
    }

    /**
     * Starts the given nodes (those not running) together and waits until each answers. Together: a
     * node waits for a majority of the controller quorum before it answers.
     */
    public void start(int... ids) {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        try (ProcessLock held = startLock(deadline)) {
            Map<Integer, Process> launched = new LinkedHashMap<>();
            for (int id : ids) {
                BrokerFiles files = files(id);
                if (!BrokerProcess.alive(files)) {
                    launched.put(
                            id,
                            BrokerProcess.launch(
                                    files,
                                    BrokerLauncher.node(files, layout.node(id).site().wrapper())));
                }
            }
            for (Map.Entry<Integer, Process> node : launched.entrySet()) {
                BrokerProcess.awaitAnswer(files(node.getKey()), node.getValue(), deadline);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start nodes of the cluster in " + dir, e);
        }
    }

    /** Held while nodes are started, so two commands never start one node twice. */
    private ProcessLock startLock(long deadline) throws IOException {
        while (true) {
            Optional<ProcessLock> lock = ProcessLock.tryTake(dir.resolve("cluster.start.lock"));
            if (lock.isPresent()) {
                return lock.get();
            }
            if (System.nanoTime() > deadline) {
                throw new BrokerProcess.BrokerException(
                        "another command has been starting the cluster in "
                                + dir
                                + " for too long");
            }
            ClusterHealth.pause();
        }
    }

    /** Whether node {@code id} runs and its client port accepts a connection. */
    public boolean answering(int id) {
        return BrokerProcess.answering(files(id)).isPresent();
    }

    /** Whether node {@code id}'s process is alive (it may be starting, or frozen). */
    public boolean alive(int id) {
        return BrokerProcess.alive(files(id));
    }

    public Optional<Long> pid(int id) {
        return files(id).readPid();
    }

    /** Stops node {@code id} cleanly (SIGTERM: it hands its leaderships over first); false when it was not running. */
    public boolean stop(int id) {
        return BrokerProcess.stop(files(id), Duration.ofSeconds(60));
    }

    /** SIGKILL of node {@code id}: no shutdown, nothing flushed; returns once its process is gone. */
    public void kill(int id) {
        Optional<ProcessHandle> process = pid(id).flatMap(ProcessHandle::of);
        process.ifPresent(
                p -> {
                    p.destroyForcibly();
                    p.onExit().join();
                });
    }

    /** SIGSTOP of node {@code id}: it keeps its connections and answers nothing until {@link #thaw}. */
    public void freeze(int id) {
        signal("STOP", id);
    }

    /** SIGCONT of a frozen node. */
    public void thaw(int id) {
        signal("CONT", id);
    }

    private void signal(String signal, int id) {
        long pid =
                pid(id).orElseThrow(() -> new IllegalStateException("node " + id + " has no pid"));
        try {
            int exit =
                    new ProcessBuilder("kill", "-" + signal, String.valueOf(pid)).start().waitFor();
            if (exit != 0) {
                throw new IllegalStateException("kill -" + signal + " " + pid + " failed: " + exit);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while signalling node " + id, e);
        }
    }

    /** Waits until every partition of every topic (the internal ones too) has all its replicas in sync. */
    public void awaitInSync(Duration timeout) {
        ClusterHealth.awaitInSync(bootstrapServers(), timeout);
    }

    /** Stops every node, all at once, cleanly; returns once they are gone. */
    public void stop() {
        List<Thread> stopping = new ArrayList<>();
        IntStream.range(0, layout.nodes().size())
                .forEach(
                        i -> {
                            int id = layout.nodes().get(i).id();
                            Thread t = new Thread(() -> stop(id), "stop-node-" + id);
                            t.start();
                            stopping.add(t);
                        });
        for (Thread t : stopping) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    @Override
    public void close() {
        stop();
    }
}
