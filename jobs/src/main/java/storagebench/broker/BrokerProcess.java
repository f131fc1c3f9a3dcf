package storagebench.broker;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.ProcessLock;

/**
 * The data directory's broker process seen from a command: found when it runs, started when it does
 * not (also after it died: on the same log folder and ports), stopped on request. Starting is
 * serialised by {@code broker.start.lock}, so commands started together share one broker.
 */
public final class BrokerProcess {
    private static final Logger log = LoggerFactory.getLogger(BrokerProcess.class);

    /** How long a broker may take to answer after it was started (a start after a kill recovers its logs). */
    public static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    private static final long POLL_MS = 50;
    private static final int BIND_ATTEMPTS = 3;
    private static final List<BrokerFiles> USED = new ArrayList<>();

    private BrokerProcess() {}

    /**
     * The address of the broker of {@code files}, started first when none is running.
     *
     * @param idleStop how long a broker this call starts runs without any command using it (zero: until stopped)
     */
    public static String ensure(BrokerFiles files, Duration idleStop) {
        used(files);
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        try {
            Files.createDirectories(files.dir());
            while (true) {
                Optional<String> running = answering(files);
                if (running.isPresent()) {
                    return running.get();
                }
                Optional<ProcessLock> starting = ProcessLock.tryTake(files.startLock());
                if (starting.isPresent()) {
                    try (ProcessLock held = starting.get()) {
                        if (answering(files).isEmpty() && !alive(files)) {
                            start(files, idleStop, deadline);
                        }
                    }
                }
                if (System.nanoTime() > deadline) {
                    throw new BrokerException(
                            "the broker of "
                                    + files.dir()
                                    + files.readPid().map(p -> " (pid " + p + ")").orElse("")
                                    + " does not answer after "
                                    + START_TIMEOUT.toSeconds()
                                    + " s; see "
                                    + files.output()
                                    + ", or stop it with: storagebench broker stop");
                }
                sleep();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot start the broker in " + files.dir() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Launches the broker; again on other ports, up to {@value #BIND_ATTEMPTS} times, when another
     * process took one of its ports between their choice and the broker's listening on them.
     */
    private static void start(BrokerFiles files, Duration idleStop, long deadline)
            throws IOException {
        long begun = System.nanoTime();
        Process process;
        for (int attempt = 1; ; attempt++) {
            long written = Files.exists(files.output()) ? Files.size(files.output()) : 0;
            process = launch(files, BrokerLauncher.command(files, idleStop.toSeconds()));
            try {
                if (!awaitAnswer(files, process, deadline)) {
                    return;
                }
                break;
            } catch (BrokerException e) {
                if (attempt == BIND_ATTEMPTS || !portTaken(files.output(), written)) {
                    throw e;
                }
                log.info(
                        "the broker of {} could not listen: another process took one of its ports"
                                + " meantime; starting it on others",
                        files.dir());
            }
        }
        log.info(
                "started the broker of {} (pid {}) on {} in {} ms; it keeps running for the next commands (stop it"
                        + " with: storagebench broker stop)",
                files.dir(),
                process.pid(),
                files.readAddress().orElse("?"),
                (System.nanoTime() - begun) / 1_000_000);
    }

    /** Starts {@code command}, a broker of {@code files}, in the background; its output goes to its log. */
    static Process launch(BrokerFiles files, List<String> command) throws IOException {
        Files.createDirectories(files.dir());
        return new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(files.output().toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .start();
    }

    /**
     * Waits until the launched broker answers; false when another process's broker of {@code files}
     * was already running (this one exited saying so).
     */
    static boolean awaitAnswer(BrokerFiles files, Process process, long deadline) {
        while (answering(files).isEmpty()) {
            if (!process.isAlive()) {
                if (process.exitValue() == BrokerMain.ALREADY_RUNNING) {
                    return false;
                }
                throw new BrokerException(
                        "the broker in "
                                + files.dir()
                                + " stopped while starting (exit "
                                + process.exitValue()
                                + "): "
                                + lastLines(files.output()));
            }
            if (System.nanoTime() > deadline) {
                process.destroyForcibly();
                throw new BrokerException(
                        "the broker in "
                                + files.dir()
                                + " did not start within "
                                + START_TIMEOUT.toSeconds()
                                + " s: "
                                + lastLines(files.output()));
            }
            sleep();
        }
        return true;
    }

    /** The broker's address when a live broker holds the lock and its port accepts a connection. */
    public static Optional<String> answering(BrokerFiles files) {
        Optional<String> address = files.readAddress();
        if (address.isEmpty() || !alive(files)) {
            return Optional.empty();
        }
        return accepts(address.get()) ? address : Optional.empty();
    }

    /** Whether a broker process holds the data directory's broker lock (it may still be starting). */
    public static boolean alive(BrokerFiles files) {
        if (!Files.exists(files.lock())) {
            return false;
        }
        try {
            Optional<ProcessLock> lock = ProcessLock.tryTake(files.lock());
            lock.ifPresent(ProcessLock::close);
            return lock.isEmpty();
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Stops the broker (SIGTERM: it shuts down cleanly), waiting up to {@code timeout}, then kills it.
     *
     * @return whether a broker was running
     */
    public static boolean stop(BrokerFiles files, Duration timeout) {
        if (!alive(files)) {
            return false;
        }
        Optional<ProcessHandle> process = files.readPid().flatMap(ProcessHandle::of);
        process.ifPresent(ProcessHandle::destroy);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (alive(files) && System.nanoTime() < deadline) {
            sleep();
        }
        if (alive(files)) {
            process.ifPresent(ProcessHandle::destroyForcibly);
            long killed = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (alive(files) && System.nanoTime() < killed) {
                sleep();
            }
        }
        process.ifPresent(BrokerProcess::awaitExit);
        return true;
    }

    private static void awaitExit(ProcessHandle process) {
        try {
            process.onExit().get(10, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            log.warn("broker process {} has not exited yet", process.pid());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Notes that this process uses the broker of {@code files} (for the test suite to stop). */
    static void used(BrokerFiles files) {
        synchronized (USED) {
            if (!USED.contains(files)) {
                USED.add(files);
            }
        }
    }

    /** The brokers this process used (started or found), in the order first used: for the test suite to stop. */
    public static List<BrokerFiles> usedHere() {
        synchronized (USED) {
            return List.copyOf(USED);
        }
    }

    static boolean accepts(String address) {
        int colon = address.lastIndexOf(':');
        try (Socket socket = new Socket()) {
            socket.connect(
                    new InetSocketAddress(
                            address.substring(0, colon),
                            Integer.parseInt(address.substring(colon + 1))),
                    1000);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * Whether the broker's output after byte {@code from} says a port it was to listen on was taken
     * (its next start chooses others: {@code BrokerPorts.reuseOrChoose}).
     */
    static boolean portTaken(Path output, long from) {
        try (InputStream in = Files.newInputStream(output)) {
            in.skipNBytes(from);
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return text.contains("Address already in use")
                    || text.contains("Unable to start acceptor")
                    || text.contains("failed to bind");
        } catch (IOException e) {
            return false;
        }
    }

    private static String lastLines(Path file) {
        try {
            List<String> lines = Files.readAllLines(file);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 10), lines.size()));
        } catch (IOException e) {
            return "(no output in " + file + ")";
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(POLL_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrokerException("interrupted while waiting for the broker");
        }
    }

    /** The broker cannot be started or does not answer. */
    public static class BrokerException extends RuntimeException {
        public BrokerException(String message) {
            super(message);
        }
    }
}
