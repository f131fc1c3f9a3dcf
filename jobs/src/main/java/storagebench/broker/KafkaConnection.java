package storagebench.broker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.Settings;

/**
 * The Kafka cluster a command talks to: the configured one, or the embedded broker of the data
 * directory. When another storagebench process already runs the embedded broker of the same data
 * directory, this one connects to it instead of starting a second.
 */
public final class KafkaConnection implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(KafkaConnection.class);
    /** Within this time a configured cluster must answer, or the command fails. */
    public static final Duration REACH_TIMEOUT = Duration.ofSeconds(15);

    private final Settings settings;
    private final String bootstrapServers;
    private final EmbeddedBroker broker;
    private final FileChannel lockChannel;
    private final FileLock lock;

    private KafkaConnection(Settings settings, String bootstrapServers, EmbeddedBroker broker, FileChannel lockChannel,
            FileLock lock) {
        this.settings = settings;
        this.bootstrapServers = bootstrapServers;
        this.broker = broker;
        this.lockChannel = lockChannel;
        this.lock = lock;
    }

    /** Connects (starting the embedded broker if needed), checks the cluster answers and the topics exist. */
    public static KafkaConnection open(Settings settings) {
        KafkaConnection connection = settings.bootstrapServers().map(servers -> new KafkaConnection(settings,
                servers, null, null, null)).orElseGet(() -> embedded(settings));
        try {
            connection.ensureTopics();
            return connection;
        } catch (RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    private static KafkaConnection embedded(Settings settings) {
        Path dir = settings.kafkaDir();
        Path address = dir.resolve("broker.address");
        try {
            Files.createDirectories(dir);
            FileChannel channel = FileChannel.open(dir.resolve("broker.lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            FileLock lock = tryLock(channel);
            if (lock == null) {
                channel.close();
                String running = Files.readString(address).strip();
                log.info("using the embedded broker already running for {} at {}", settings.dataDir(), running);
                return new KafkaConnection(settings, running, null, null, null);
            }
            long started = System.nanoTime();
            EmbeddedBroker broker = EmbeddedBroker.start(dir.resolve("log"));
            Path tmp = dir.resolve("broker.address.tmp");
            Files.writeString(tmp, broker.bootstrapServers());
            Files.move(tmp, address, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            log.info("embedded Kafka broker on {} (log in {}) started in {} ms", broker.bootstrapServers(), dir,
                    (System.nanoTime() - started) / 1_000_000);
            return new KafkaConnection(settings, broker.bootstrapServers(), broker, channel, lock);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the embedded Kafka broker in " + dir + ": " + e.getMessage(), e);
        }
    }

    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException e) {
            return null;
        }
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    public boolean embedded() {
        return settings.bootstrapServers().isEmpty();
    }

    public Settings settings() {
        return settings;
    }

    /** Properties every client gets: the bootstrap servers and the user's pass-through properties. */
    public Map<String, Object> clientProperties() {
        Map<String, Object> props = new HashMap<>(settings.kafkaClient());
        props.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        return props;
    }

    public Admin admin() {
        Map<String, Object> props = clientProperties();
        props.putIfAbsent(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) REACH_TIMEOUT.toMillis());
        props.putIfAbsent(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) REACH_TIMEOUT.toMillis());
        return Admin.create(props);
    }

    private void ensureTopics() {
        try (Admin admin = admin()) {
            Set<String> existing;
            try {
                existing = admin.listTopics().names().get(REACH_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                throw noAnswer();
            }
            for (String topic : List.of(settings.topic(), settings.deadLetterTopic())) {
                if (!existing.contains(topic)) {
                    create(admin, topic);
                }
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof org.apache.kafka.common.errors.TimeoutException) {
                throw noAnswer();
            }
            throw new KafkaUnavailableException("Kafka at " + bootstrapServers + " refused: " + e.getCause().getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KafkaUnavailableException("interrupted while connecting to Kafka");
        }
    }

    private KafkaUnavailableException noAnswer() {
        return new KafkaUnavailableException("Kafka at " + bootstrapServers + " did not answer within "
                + REACH_TIMEOUT.toSeconds() + " s; check kafka.bootstrap-servers and the kafka.client.* settings");
    }

    private void create(Admin admin, String topic) throws InterruptedException, ExecutionException {
        int replicas = embedded() ? 1 : Math.min(3, clusterSize(admin));
        NewTopic newTopic = new NewTopic(topic, 1, (short) replicas)
                .configs(Map.of("retention.ms", "-1", "retention.bytes", "-1"));
        try {
            admin.createTopics(List.of(newTopic)).all().get();
            log.info("created topic {} ({} replica(s), unlimited retention)", topic, replicas);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw e;
            }
        }
    }

    private static int clusterSize(Admin admin) throws InterruptedException, ExecutionException {
        return admin.describeCluster().nodes().get().size();
    }

    @Override
    public void close() {
        if (broker != null) {
            broker.close();
            try {
                Files.deleteIfExists(settings.kafkaDir().resolve("broker.address"));
                lock.release();
                lockChannel.close();
            } catch (IOException e) {
                log.warn("could not release the broker lock: {}", e.getMessage());
            }
        }
    }

    /** The cluster cannot be reached or refuses us. */
    public static class KafkaUnavailableException extends RuntimeException {
        public KafkaUnavailableException(String message) {
            super(message);
        }
    }
}
