package storagebench.broker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.DurableFiles;
import storagebench.JarCopies;
import storagebench.ProcessLock;

/**
 * The embedded broker as a process of its own, one per data directory (or one per node of a
 * {@link LocalCluster}, whose folder holds the node's properties): it holds {@code broker.lock}
 * while it lives, writes {@code broker.address} once it answers, and runs until SIGTERM (the broker
 * shuts down cleanly), until no command has used it for the idle time (when one is set), or until its
 * folder is deleted. Started by {@link BrokerProcess} as {@code java … BrokerMain <kafka-dir>
 * <idle-seconds>}, or in the foreground by {@code storagebench broker run}.
 */
public final class BrokerMain {
    private static final Logger log = LoggerFactory.getLogger(BrokerMain.class);

    /** The exit code when the data directory already has a live broker. */
    public static final int ALREADY_RUNNING = 3;

    private static final Duration CHECK = Duration.ofSeconds(1);

    private BrokerMain() {}

    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: BrokerMain <kafka-dir> <idle-stop-seconds, 0 = never>");
            System.exit(2);
        }
        JarCopies.holdWhileRunning();
        System.exit(
                run(BrokerFiles.of(Path.of(args[0])), Duration.ofSeconds(Long.parseLong(args[1]))));
    }

    /** Runs the broker of {@code files} in this process until it is told to stop; returns the exit code. */
    public static int run(BrokerFiles files, Duration idleStop) {
        try {
            Files.createDirectories(files.dir());
            Optional<ProcessLock> lock = ProcessLock.tryTake(files.lock());
            if (lock.isEmpty()) {
                System.err.println(
                        "a broker is already running for "
                                + files.dir()
                                + files.readAddress().map(a -> " at " + a).orElse(""));
                return ALREADY_RUNNING;
            }
            try (ProcessLock held = lock.get()) {
                return serve(files, idleStop);
            }
        } catch (IOException | RuntimeException e) {
            System.err.println(
                    "the broker in " + files.dir() + " could not start: " + e.getMessage());
            return 1;
        }
    }

    private static int serve(BrokerFiles files, Duration idleStop) throws IOException {
        long started = System.nanoTime();
        Files.deleteIfExists(files.address());
        // a cluster node's folder says which node it is; the data directory's broker chooses ports
        Optional<NodeProperties> clusterNode = NodeProperties.read(files.node());
        NodeProperties node =
                clusterNode.isPresent()
                        ? clusterNode.get()
                        : NodeProperties.single(BrokerPorts.reuseOrChoose(files.ports()));
        EmbeddedBroker broker = EmbeddedBroker.start(files.logDir(), node);
        CountDownLatch stopped = new CountDownLatch(1);
        CountDownLatch closed = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(
                        new Thread(
                                () -> {
                                    stopped.countDown();
                                    await(closed, Duration.ofSeconds(60));
                                },
                                "broker-shutdown"));
        DurableFiles.writeAtomically(files.pid(), String.valueOf(ProcessHandle.current().pid()));
        DurableFiles.writeAtomically(files.address(), broker.bootstrapServers());
        log.info(
                "broker of {} listening on {}, started in {} ms",
                files.dir(),
                broker.bootstrapServers(),
                (System.nanoTime() - started) / 1_000_000);
        try {
            watch(files, idleStop, stopped);
        } finally {
            try {
                Files.deleteIfExists(files.address());
                broker.close();
                log.info("broker of {} stopped", files.dir());
            } finally {
                closed.countDown();
            }
        }
        return 0;
    }

    /** Returns when the process is told to stop, its folder is gone, or nobody used it for {@code idleStop}. */
    private static void watch(BrokerFiles files, Duration idleStop, CountDownLatch stopped) {
        ClientLeases clients = new ClientLeases(files.clients());
        long idleSince = System.nanoTime();
        while (!await(stopped, CHECK)) {
            if (!Files.isDirectory(files.logDir())) {
                log.warn("the broker's log folder {} is gone; stopping", files.logDir());
                return;
            }
            if (clients.anyHeld()) {
                idleSince = System.nanoTime();
            } else if (!idleStop.isZero() && System.nanoTime() - idleSince > idleStop.toNanos()) {
                log.info("no command used the broker for {} s; stopping", idleStop.toSeconds());
                return;
            }
        }
    }

    private static boolean await(CountDownLatch latch, Duration timeout) {
        try {
            return latch.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }
}
