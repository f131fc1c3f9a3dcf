package storagebench.sink;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.avro.specific.SpecificRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.KafkaConnection;
import storagebench.cli.Main;
import storagebench.config.Settings;
import storagebench.storage.DatasetStore;
import storagebench.storage.Stores;

/**
 * The sink writing the dataset to remote storage from a real broker, killed (SIGKILL) at seeded random
 * moments while events keep coming, then run to the topic's end: a copy of the dataset made with
 * Hadoop's own API, counted in DuckDB, holds every published event once. {@code report}, {@code
 * compare} and {@code trend} on it print what they print on a local dataset sunk from the same topic.
 * The seed is printed; {@code -Dcrash.seed=N} repeats a run's kill points.
 */
abstract class RemoteSinkCrashIT {
    private static final int KILLS = 3;

    @TempDir Path tmp;

    /** Remote storage started for one test, and how a command reaches it. */
    interface Remote extends AutoCloseable {
        /** The dataset's URL. */
        String url();

        /** The {@code hadoop.*} settings of a command whose environment has {@link #env()}. */
        Map<String, String> settings();

        /** The environment a child process gets (credentials). */
        Map<String, String> env();

        /** The settings of a command in the test's own JVM, credentials included. */
        Map<String, String> inProcessSettings();

        @Override
        void close();
    }

    protected abstract Remote start(Path dir) throws Exception;

    @Test
    void killedAgainAndAgainTheSinkWritesEveryEventOnceAndTheReadersSeeWhatTheyWouldLocally()
            throws Exception {
        long seed = Long.getLong("crash.seed", System.nanoTime());
        System.out.println(getClass().getSimpleName() + " seed: " + seed);
        Random random = new Random(seed);
        Settings brokerSettings =
                Settings.load(null, Map.of(), Map.of("data-dir", tmp.resolve("broker").toString()));
        try (Remote remote = start(tmp.resolve("remote"));
                KafkaConnection kafka = KafkaConnection.open(brokerSettings)) {
            // given: a publisher that keeps publishing runs, and the sink's options
            String topic = brokerSettings.topic();
            Path sinkData = tmp.resolve("sink");
            List<String> args =
                    new ArrayList<>(
                            List.of(
                                    "--data-dir",
                                    sinkData.toString(),
                                    "--bootstrap-servers",
                                    kafka.bootstrapServers(),
                                    "--set",
                                    "sink.roll-rows=200",
                                    "--set",
                                    "sink.idle-roll-seconds=1",
                                    "--set",
                                    "dataset.url=" + remote.url()));
            remote.settings().forEach((k, v) -> args.addAll(List.of("--set", k + "=" + v)));
            BackgroundPublisher publisher = BackgroundPublisher.crashRuns(kafka, topic);
            publisher.start();
            Map<String, String> inProcess = new HashMap<>(remote.inProcessSettings());
            inProcess.put("data-dir", tmp.resolve("test").toString());
            inProcess.put("dataset.url", remote.url());
            Settings remoteSettings = Settings.load(null, Map.of(), inProcess);

            // when: the sink is killed again and again while it writes
            long marked = -1;
            for (int round = 1; round <= KILLS; round++) {
                SinkProcess sink =
                        SinkProcess.start(
                                tmp.resolve("logs"),
                                "sink-" + round,
                                remote.env(),
                                args.toArray(String[]::new));
                marked = awaitMarkerBeyond(remoteSettings, topic, marked, sink);
                Thread.sleep(50 + random.nextInt(600));
                sink.kill();
            }
            publisher.assertPublishing("before the last kill");
            publisher.end();
            args.add("--until-idle");
            SinkProcess last =
                    SinkProcess.start(
                            tmp.resolve("logs"),
                            "sink-last",
                            remote.env(),
                            args.toArray(String[]::new));
            int exit = last.waitFor(180);

            // then: every event once, counted in DuckDB on a copy made with Hadoop's own API
            assertThat(exit).as(last.output()).isZero();
            assertThat(last.output())
                    .contains("sink: ")
                    .doesNotContain("ERROR")
                    .doesNotContain("WARN");
            List<SpecificRecord> published = BackgroundPublisher.committed(kafka, topic);
            assertThat((long) published.size())
                    .as("committed events in the topic, against those the publisher saw committed")
                    .isGreaterThanOrEqualTo(publisher.sent())
                    .isGreaterThan(200);
            Path copy = copyOf(remote, tmp.resolve("copy"));
            SinkIT.assertExactlyOnce(new Dataset(copy), published);
            try (DatasetStore store = Stores.open(remoteSettings)) {
                assertThat(store.list(""))
                        .as("no temporary file left")
                        .noneMatch(f -> f.endsWith(DataFile.TEMP_SUFFIX));
            }

            // and: the readers print what they print on a local dataset of the same events
            Path localData = tmp.resolve("local");
            Settings local =
                    Settings.load(null, Map.of(), Map.of("data-dir", localData.toString()));
            Sink.runUntilIdle(local, kafka);
            List<String> remoteOptions =
                    new ArrayList<>(List.of("--data-dir", tmp.resolve("reader").toString()));
            inProcess.forEach(
                    (k, v) -> {
                        if (!k.equals("data-dir")) {
                            remoteOptions.addAll(List.of("--set", k + "=" + v));
                        }
                    });
            List<String> localOptions = List.of("--data-dir", localData.toString());
            for (List<String> command :
                    List.of(
                            List.of("report"),
                            List.of("report", "--format", "csv"),
                            List.of("compare", "--experiment", "crash-0"),
                            List.of("trend", "--experiment", "crash-1"))) {
                String onRemote = rounded(run(command, remoteOptions));
                String onLocal = rounded(run(command, localOptions));
                assertThat(onRemote).as(String.join(" ", command)).isEqualTo(onLocal).isNotBlank();
            }
        }
    }

    /** Waits until the sink moved the marker past {@code before}; returns where it is. */
    private static long awaitMarkerBeyond(
            Settings settings, String topic, long before, SinkProcess sink) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        try (DatasetStore store = Stores.open(settings)) {
            OffsetMarker marker = new OffsetMarker(store);
            while (System.nanoTime() < deadline) {
                OptionalLong now = marker.read(topic, 0);
                if (now.isPresent() && now.getAsLong() > before) {
                    return now.getAsLong();
                }
                Thread.sleep(50);
            }
        }
        throw new AssertionError("the sink made no progress:\n" + sink.output());
    }

    /** The remote dataset copied to a local folder by Hadoop's FileSystem, not by the store. */
    private static Path copyOf(Remote remote, Path target) throws Exception {
        Configuration conf = new Configuration();
        remote.inProcessSettings().forEach((k, v) -> conf.set(k.substring("hadoop.".length()), v));
        conf.set("fs.s3a.input.stream.type", "classic");
        try (FileSystem fs = FileSystem.newInstance(URI.create(remote.url()), conf)) {
            fs.copyToLocalFile(
                    false,
                    new org.apache.hadoop.fs.Path(remote.url()),
                    new org.apache.hadoop.fs.Path(target.toUri()),
                    true);
        }
        try (Stream<Path> files = Files.walk(target)) {
            assertThat(files.filter(f -> f.toString().endsWith(".parquet")).count()).isPositive();
        }
        return target;
    }

    /**
     * {@code text} with every decimal number rounded to 12 significant digits: DuckDB sums a column in
     * the order it reads the files, and the two datasets hold the same rows in different files (the
     * kills made other rolls), so a mean can differ in its last bits (0.0049999999999999776 and
     * 0.004999999999999978).
     */
    private static String rounded(String text) {
        return NUMBER.matcher(text)
                .replaceAll(
                        m ->
                                new BigDecimal(m.group())
                                        .round(new MathContext(12))
                                        .stripTrailingZeros()
                                        .toPlainString());
    }

    private static final Pattern NUMBER = Pattern.compile("-?\\d+\\.\\d+(E-?\\d+)?");

    /** A command run in this JVM: what it printed, its exit code first. */
    private static synchronized String run(List<String> command, List<String> options) {
        List<String> all = new ArrayList<>(command);
        all.addAll(options);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream original = System.out;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = Main.execute(all.toArray(String[]::new));
        } finally {
            System.setOut(original);
        }
        return "exit " + exit + "\n" + out.toString(StandardCharsets.UTF_8);
    }
}
