package storagebench.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.JavaCommand;
import storagebench.broker.BrokerFiles;
import storagebench.broker.BrokerProcess;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;

/**
 * {@code bench sink --sinks 1,2,3}: N synthetic events on a topic of P partitions, sunk by 1, 2, 3 …
 * {@code storagebench sink --until-idle} processes at once (one consumer group, a fresh dataset each
 * time), each count measured twice in mirrored order (1 2 3 3 2 1) so that the machine's drift falls
 * on every count alike. A measurement is the wall time from starting the processes to the last one's
 * exit: what a team waits for, JVM starts included.
 */
public final class SinkGroupBenchmark {
    private static final Logger log = LoggerFactory.getLogger(SinkGroupBenchmark.class);
    private static final Duration LIMIT = Duration.ofMinutes(20);

    private SinkGroupBenchmark() {}

    /**
     * @param main the command line's main class (each sink is started as {@code main sink …})
     * @param counts the numbers of sinks to compare
     */
    public static SinkGroupReport run(
            Settings settings, Class<?> main, long n, int partitions, List<Integer> counts) {
        Path root = SinkBenchmark.tempFolder();
        Settings local =
                settings.bootstrapServers().isPresent()
                        ? settings
                        : settings.withDataDir(root.resolve("data"));
        String topic = "storagebench.bench.group." + System.currentTimeMillis();
        TrialEvents events =
                new TrialEvents(
                        Instant.now().truncatedTo(ChronoUnit.DAYS).minus(3, ChronoUnit.DAYS));
        try (KafkaConnection kafka = KafkaConnection.open(local)) {
            BenchTopic.create(kafka, topic, partitions);
            try {
                long bytes = BenchTopic.publish(kafka, topic, events, n);
                log.info(
                        "published {} events ({} MB) to {} partitions", n, bytes >> 20, partitions);
                List<Integer> order = new ArrayList<>(counts);
                List<Integer> back = new ArrayList<>(counts);
                Collections.reverse(back);
                order.addAll(back);
                List<SinkGroupReport.Measure> measures = new ArrayList<>();
                for (int i = 0; i < order.size(); i++) {
                    int sinks = order.get(i);
                    double before = LoadAverage.now();
                    Path dir = root.resolve("round-" + i);
                    long nanos = sinkWith(main, kafka.bootstrapServers(), topic, sinks, dir);
                    measures.add(
                            new SinkGroupReport.Measure(
                                    sinks,
                                    i < counts.size() ? 1 : 2,
                                    nanos,
                                    cpuSeconds(dir, sinks),
                                    before,
                                    LoadAverage.now()));
                    log.info("{} sink(s): {} ms", sinks, nanos / 1_000_000);
                }
                return new SinkGroupReport(n, bytes, partitions, kafka.embedded(), measures);
            } finally {
                if (!kafka.embedded()) {
                    BenchTopic.delete(kafka, topic);
                }
            }
        } catch (ExecutionException | InterruptedException e) {
            throw SinkBenchmark.kafkaFailed(e);
        } finally {
            if (settings.bootstrapServers().isEmpty()) {
                BrokerProcess.stop(BrokerFiles.of(local.kafkaDir()), Duration.ofSeconds(30));
            }
            SinkBenchmark.deleteRecursively(root);
        }
    }

    /** Starts {@code sinks} sink processes on a fresh dataset and waits for them all; the wall time. */
    private static long sinkWith(Class<?> main, String bootstrap, String topic, int sinks, Path dir)
            throws InterruptedException {
        List<Process> processes = new ArrayList<>();
        // a bench stopped by Ctrl-C takes its sinks with it
        Thread reaper = new Thread(() -> processes.forEach(Process::destroyForcibly));
        Runtime.getRuntime().addShutdownHook(reaper);
        try {
            Files.createDirectories(dir);
            long start = System.nanoTime();
            for (int i = 0; i < sinks; i++) {
                processes.add(
                        new ProcessBuilder(
                                        JavaCommand.of(
                                                "-Xmx512m",
                                                main,
                                                List.of(
                                                        "sink",
                                                        "--until-idle",
                                                        "--data-dir",
                                                        dir.resolve("data").toString(),
                                                        "--bootstrap-servers",
                                                        bootstrap,
                                                        "--set",
                                                        "kafka.topic=" + topic)))
                                .redirectErrorStream(true)
                                .redirectOutput(dir.resolve("sink-" + i + ".log").toFile())
                                .start());
            }
            for (int i = 0; i < processes.size(); i++) {
                Process p = processes.get(i);
                if (!p.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS) || p.exitValue() != 0) {
                    throw new IllegalStateException(
                            "sink "
                                    + i
                                    + " of "
                                    + sinks
                                    + " failed or did not end: "
                                    + tail(dir.resolve("sink-" + i + ".log")));
                }
            }
            return System.nanoTime() - start;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            processes.forEach(Process::destroyForcibly);
            Runtime.getRuntime().removeShutdownHook(reaper);
        }
    }

    /** The CPU time the round's sinks report at their end ("process CPU time 12.3 s"), summed. */
    private static double cpuSeconds(Path dir, int sinks) {
        double sum = 0;
        Pattern cpu = Pattern.compile("process CPU time ([0-9.]+) s");
        for (int i = 0; i < sinks; i++) {
            try {
                Matcher m = cpu.matcher(Files.readString(dir.resolve("sink-" + i + ".log")));
                if (!m.find()) {
                    return Double.NaN;
                }
                sum += Double.parseDouble(m.group(1));
            } catch (IOException e) {
                return Double.NaN;
            }
        }
        return sum;
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 10), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
