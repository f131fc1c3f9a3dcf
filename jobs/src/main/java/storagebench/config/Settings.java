package storagebench.config;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * Where data goes and which services to use, shared by every command. Read, lowest first, from the
 * defaults, a properties file ({@code storagebench.properties} in the working directory, or
 * {@code --settings FILE}), environment variables ({@code STORAGEBENCH_DATA_DIR},
 * {@code STORAGEBENCH_KAFKA_BOOTSTRAP_SERVERS}, {@code STORAGEBENCH_JOB_REPOSITORY_PASSWORD},
 * {@code STORAGEBENCH_DB_WAIT_SAMPLE_INTERVAL}) and
 * {@code --set key=value} options.
 *
 * @param dataDir everything the tool writes: broker log, job repository, dataset, run files
 * @param bootstrapServers a Kafka cluster to use; empty starts the embedded broker
 * @param topic the events topic
 * @param kafkaClient properties passed to every Kafka client (security, SASL, SSL, timeouts)
 * @param jobRepositoryUrl JDBC URL of the Spring Batch job repository; empty means H2 under the data dir
 * @param jobRepositoryUser user of the job repository
 * @param jobRepositoryPassword password of the job repository, never printed or stored in events
 * @param sinkRollRows a Parquet file is closed after this many rows
 * @param sinkRollBytes a Parquet file is closed once it holds about this many bytes
 * @param sinkIdleRoll open files are closed after this long without a new event
 * @param sinkSessionTimeout a sink that the group has not heard from for this long loses its partitions
 * @param minFreeSpace bytes that must stay free under the data directory before each trial; 0: not checked
 * @param brokerIdleStop the embedded broker stops after this long without a command using it (zero: never)
 * @param kafkaGrace how long a command waits for a lost broker to come back before it gives up
 * @param serveToken what {@code serve}'s actions ask for when it listens beyond loopback ({@code
 *     STORAGEBENCH_SERVE_TOKEN}); never printed, never in a page
 * @param topicLayout partitions, replication and durability asked of the events topic
 * @param dataset where the Parquet dataset lives: a local folder, or a Hadoop file system's URL
 * @param hostSampleInterval how often the host is sampled during a trial; zero: not sampled
 * @param dbWaitSampleInterval how often a database target's sessions' waits are sampled during a
 *     trial's measured phase; zero: the target's waits are not read
 * @param host the name and labels of this host in the runs it records ({@code host.name}, {@code
 *     host.labels})
 */
public record Settings(
        Path dataDir,
        Optional<String> bootstrapServers,
        String topic,
        Map<String, String> kafkaClient,
        Optional<String> jobRepositoryUrl,
        Optional<String> jobRepositoryUser,
        Optional<String> jobRepositoryPassword,
        long sinkRollRows,
        long sinkRollBytes,
        Duration sinkIdleRoll,
        Duration sinkSessionTimeout,
        long minFreeSpace,
        Duration brokerIdleStop,
        Duration kafkaGrace,
        Optional<String> serveToken,
        TopicLayout topicLayout,
        DatasetLocation dataset,
        Duration hostSampleInterval,
        Duration dbWaitSampleInterval,
        HostIdentity host) {

    public static final String FILE_NAME = "storagebench.properties";
    private static final String CLIENT_PREFIX = "kafka.client.";
    private static final String HADOOP_PREFIX = "hadoop.";

    /** A comment line of a properties file, which no backslash continues. */
    private static final Pattern COMMENT = Pattern.compile("[ \\t\\f]*[#!]");

    /** The environment variables read, each for a setting of its own. */
    private static final Map<String, String> ENVIRONMENT =
            Map.of(
                    "STORAGEBENCH_DATA_DIR", "data-dir",
                    "STORAGEBENCH_KAFKA_BOOTSTRAP_SERVERS", "kafka.bootstrap-servers",
                    "STORAGEBENCH_JOB_REPOSITORY_URL", "job-repository.url",
                    "STORAGEBENCH_JOB_REPOSITORY_USERNAME", "job-repository.username",
                    "STORAGEBENCH_JOB_REPOSITORY_PASSWORD", "job-repository.password",
                    "STORAGEBENCH_SERVE_TOKEN", "serve.token",
                    "STORAGEBENCH_DB_WAIT_SAMPLE_INTERVAL", "db.wait-sample-interval");

    /** The documented keys and their defaults; anything else (but kafka.client.*) is refused. */
    static final Map<String, String> DEFAULTS = defaults();

    private static Map<String, String> defaults() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("data-dir", "data");
        d.put("kafka.bootstrap-servers", "");
        d.put("kafka.topic", "storagebench.events");
        d.put("job-repository.url", "");
        d.put("job-repository.username", "");
        d.put("job-repository.password", "");
        d.put("sink.roll-rows", "250000");
        d.put("sink.roll-bytes", String.valueOf(64L * 1024 * 1024));
        d.put("sink.idle-roll-seconds", "30");
        d.put("sink.session-timeout-seconds", "10");
        d.put("broker.idle-stop-seconds", "0");
        d.put("kafka.grace-seconds", "30");
        d.put("run.min-free-space", "256MB");
        d.put("host.sample-interval", "1s");
        d.put("db.wait-sample-interval", "100ms");
        d.put("serve.token", "");
        d.put("kafka.partitions", "");
        d.put("kafka.replication-factor", "");
        d.put("kafka.min-insync-replicas", "");
        d.put("kafka.require-durable", "false");
        d.put("dataset.url", "");
        d.put("host.name", "");
        d.put("host.labels", "");
        return d;
    }

    public String deadLetterTopic() {
        return topic + ".dead-letter";
    }

    public Path kafkaDir() {
        return dataDir.resolve("kafka");
    }

    /**
     * The local folder of the dataset: {@code dataset.url} when it is a local path, else {@code
     * <data-dir>/parquet}.
     */
    public Path parquetDir() {
        return dataset.localPath().orElse(dataDir.resolve("parquet"));
    }

    /** The dataset's URL, or its local folder, for messages. */
    public String datasetName() {
        return dataset.url().map(Object::toString).orElseGet(() -> parquetDir().toString());
    }

    public Path runsDir() {
        return dataDir.resolve("runs");
    }

    public Settings withDataDir(Path dir) {
        return with(dir, bootstrapServers, topic);
    }

    public Settings withBootstrapServers(String servers) {
        return with(dataDir, Optional.of(servers), topic);
    }

    /** These settings with another events topic (its dead-letter topic follows). */
    public Settings withTopic(String name) {
        return with(dataDir, bootstrapServers, name);
    }

    private Settings with(Path dir, Optional<String> servers, String topicName) {
        return new Settings(
                dir,
                servers,
                topicName,
                kafkaClient,
                jobRepositoryUrl,
                jobRepositoryUser,
                jobRepositoryPassword,
                sinkRollRows,
                sinkRollBytes,
                sinkIdleRoll,
                sinkSessionTimeout,
                minFreeSpace,
                brokerIdleStop,
                kafkaGrace,
                serveToken,
                topicLayout,
                dataset,
                hostSampleInterval,
                dbWaitSampleInterval,
                host);
    }

    /**
     * Loads settings.
     *
     * @param file an explicit settings file, or null for {@code storagebench.properties} if present
     * @param env the environment
     * @param overrides {@code key=value} pairs from the command line
     */
    public static Settings load(Path file, Map<String, String> env, Map<String, String> overrides) {
        Map<String, String> values = new TreeMap<>(DEFAULTS);
        Map<String, String> origins = new TreeMap<>();
        Path source = file != null ? file : Path.of(FILE_NAME);
        if (file != null || Files.isRegularFile(source)) {
            read(source, values, origins);
        }
        ENVIRONMENT.forEach(
                (variable, key) -> {
                    String v = env.get(variable);
                    if (v != null && !v.isBlank()) {
                        values.put(key, v);
                        origins.put(key, variable);
                    }
                });
        overrides.forEach(
                (k, v) -> {
                    values.put(check(k, "--set"), v);
                    origins.put(k, "--set");
                });
        return from(values, key -> origins.getOrDefault(key, "the default"));
    }

    /**
     * Reads a properties file's settings into {@code values}, and into {@code origins} each one's
     * {@code FILE:LINE}, the line its key is on (the last, where a key is set twice, as {@link
     * Properties} keeps it).
     */
    private static void read(Path file, Map<String, String> values, Map<String, String> origins) {
        if (Files.isDirectory(file)) {
            throw new SettingsException(file + ": is a directory, not a settings file");
        }
        if (!Files.exists(file)) {
            throw new SettingsException(file + ": no such file");
        }
        InputLimits.checkSize(file, "settings file");
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException | UncheckedIOException e) {
            throw new SettingsException(file + ": cannot read settings: " + e.getMessage());
        }
        int i = 0;
        while (i < lines.size()) {
            int first = i;
            StringBuilder entry = new StringBuilder(lines.get(i));
            boolean comment = COMMENT.matcher(lines.get(i)).lookingAt();
            while (!comment && continues(lines.get(i)) && i + 1 < lines.size()) {
                entry.append('\n').append(lines.get(++i));
            }
            i++;
            Properties one = new Properties();
            try {
                one.load(new StringReader(entry.toString()));
            } catch (IOException | IllegalArgumentException e) {
                throw new SettingsException(
                        file + ":" + (first + 1) + ": cannot read settings: " + e.getMessage());
            }
            for (String key : one.stringPropertyNames()) {
                String origin = file + ":" + (first + 1);
                values.put(check(key, origin), one.getProperty(key).strip());
                origins.put(key, origin);
            }
        }
    }

    /** Whether a properties line goes on on the next: it ends in an odd number of backslashes. */
    private static boolean continues(String line) {
        int backslashes = 0;
        for (int at = line.length() - 1; at >= 0 && line.charAt(at) == '\\'; at--) {
            backslashes++;
        }
        return backslashes % 2 == 1;
    }

    private static String check(String key, String source) {
        if (!DEFAULTS.containsKey(key)
                && !(key.startsWith(CLIENT_PREFIX) && key.length() > CLIENT_PREFIX.length())
                && !(key.startsWith(HADOOP_PREFIX) && key.length() > HADOOP_PREFIX.length())) {
            throw new SettingsException(
                    source
                            + ": unknown setting '"
                            + key
                            + "'; known: "
                            + String.join(", ", DEFAULTS.keySet())
                            + ", kafka.client.<any Kafka client property>,"
                            + " hadoop.<any Hadoop property>");
        }
        return key;
    }

    private static Settings from(Map<String, String> v, UnaryOperator<String> source) {
        Map<String, String> client = new TreeMap<>();
        Map<String, String> hadoop = new TreeMap<>();
        v.forEach(
                (k, value) -> {
                    if (k.startsWith(CLIENT_PREFIX)) {
                        client.put(k.substring(CLIENT_PREFIX.length()), value);
                    } else if (k.startsWith(HADOOP_PREFIX)) {
                        hadoop.put(k.substring(HADOOP_PREFIX.length()), value);
                    }
                });
        return new Settings(
                Path.of(v.get("data-dir")),
                optional(v.get("kafka.bootstrap-servers")),
                v.get("kafka.topic"),
                Map.copyOf(client),
                optional(v.get("job-repository.url")),
                optional(v.get("job-repository.username")),
                optional(v.get("job-repository.password")),
                positive(v, "sink.roll-rows", source),
                positive(v, "sink.roll-bytes", source),
                Duration.ofSeconds(positive(v, "sink.idle-roll-seconds", source)),
                Duration.ofSeconds(positive(v, "sink.session-timeout-seconds", source)),
                size(v, "run.min-free-space", source),
                Duration.ofSeconds(notNegative(v, "broker.idle-stop-seconds", source)),
                Duration.ofSeconds(positive(v, "kafka.grace-seconds", source)),
                optional(v.get("serve.token")),
                new TopicLayout(
                        optionalPositive(v, "kafka.partitions", source),
                        optionalPositive(v, "kafka.replication-factor", source),
                        optionalPositive(v, "kafka.min-insync-replicas", source),
                        bool(v, "kafka.require-durable", source)),
                DatasetLocation.of(
                        optional(v.get("dataset.url")),
                        Map.copyOf(hadoop),
                        "dataset.url",
                        source.apply("dataset.url")),
                interval(v, "host.sample-interval", source),
                interval(v, "db.wait-sample-interval", source),
                host(v, source));
    }

    /** {@code host.name} (empty: the machine's hostname) and {@code host.labels} ({@code k=v,k=v}). */
    private static HostIdentity host(Map<String, String> v, UnaryOperator<String> source) {
        Optional<String> name = optional(v.get("host.name"));
        name.flatMap(HostIdentity::nameProblem)
                .ifPresent(
                        problem -> {
                            throw new SettingsException(
                                    source.apply("host.name")
                                            + ": setting 'host.name': "
                                            + problem
                                            + ", got '"
                                            + new HostIdentity.Problem(v.get("host.name"), "")
                                                    .entry()
                                            + "'");
                        });
        String text = v.get("host.labels").strip();
        List<String> entries =
                text.isEmpty() ? List.of() : Arrays.stream(text.split(",", -1)).toList();
        Map<String, String> labels =
                HostIdentity.labels(
                        entries,
                        p ->
                                new SettingsException(
                                        source.apply("host.labels")
                                                + ": setting 'host.labels' (key=value,key=value):"
                                                + " entry '"
                                                + p.entry()
                                                + "': "
                                                + p.reason()));
        return new HostIdentity(name, labels);
    }

    /** A duration of at least 10 ms ({@code 500ms}, {@code 1s}), or 0 for off. */
    private static Duration interval(
            Map<String, String> v, String key, UnaryOperator<String> source) {
        String text = v.get(key).strip();
        if (text.equals("0")) {
            return Duration.ZERO;
        }
        Duration d = Values.parseDuration(text);
        if (d == null || d.compareTo(Duration.ofMillis(10)) < 0) {
            throw new SettingsException(
                    source.apply(key)
                            + ": setting '"
                            + key
                            + "' must be a duration of at least 10ms (500ms, 1s, 1m) or 0 for off,"
                            + " got '"
                            + v.get(key)
                            + "'");
        }
        return d;
    }

    private static Optional<Integer> optionalPositive(
            Map<String, String> v, String key, UnaryOperator<String> source) {
        if (v.get(key).isBlank()) {
            return Optional.empty();
        }
        long n = positive(v, key, source);
        if (n > Short.MAX_VALUE) {
            throw new SettingsException(
                    source.apply(key)
                            + ": setting '"
                            + key
                            + "' must be at most "
                            + Short.MAX_VALUE
                            + ", got '"
                            + v.get(key)
                            + "'");
        }
        return Optional.of((int) n);
    }

    private static boolean bool(Map<String, String> v, String key, UnaryOperator<String> source) {
        String value = v.get(key).strip();
        if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(value);
        }
        throw new SettingsException(
                source.apply(key)
                        + ": setting '"
                        + key
                        + "' must be true or false, got '"
                        + value
                        + "'");
    }

    private static long size(Map<String, String> v, String key, UnaryOperator<String> source) {
        long bytes = Values.parseSize(v.get(key));
        if (bytes < 0) {
            throw new SettingsException(
                    source.apply(key)
                            + ": setting '"
                            + key
                            + "' must be a size such as 256MB, or 0 (not "
                            + "checked), got '"
                            + v.get(key)
                            + "'");
        }
        return bytes;
    }

    private static Optional<String> optional(String value) {
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.strip());
    }

    private static long notNegative(
            Map<String, String> v, String key, UnaryOperator<String> source) {
        return "0".equals(v.get(key).strip()) ? 0 : positive(v, key, source);
    }

    private static long positive(Map<String, String> v, String key, UnaryOperator<String> source) {
        try {
            long n = Long.parseLong(v.get(key).strip());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new SettingsException(
                source.apply(key)
                        + ": setting '"
                        + key
                        + "' must be a positive whole number, got '"
                        + v.get(key)
                        + "'");
    }

    @Override
    public String toString() {
        return "Settings[dataDir="
                + dataDir
                + ", bootstrapServers="
                + bootstrapServers.orElse("(embedded)")
                + ", topic="
                + topic
                + ", jobRepository="
                + jobRepositoryUrl.orElse("(embedded H2)")
                + ", dataset="
                + dataset
                + "]";
    }

    /** A setting that cannot be used; the message names the source, key and reason. */
    public static class SettingsException extends RuntimeException {
        public SettingsException(String message) {
            super(message);
        }
    }
}
