package storagebench.broker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Node;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.config.Settings;

/**
 * The Kafka cluster a command talks to: the configured one, or the embedded broker of the data
 * directory, a process of its own that outlives the command ({@link BrokerProcess}): started when none
 * runs, shared by every command on the same data directory, never stopped by a command's exit or death.
 */
public final class KafkaConnection implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(KafkaConnection.class);

    /** Within this time a configured cluster must answer, or the command fails. */
    public static final Duration REACH_TIMEOUT = Duration.ofSeconds(15);

    private final Settings settings;
    private final String bootstrapServers;
    private final ClientLeases.Lease lease;
    private List<Node> nodes = List.of();

    private KafkaConnection(Settings settings, String bootstrapServers, ClientLeases.Lease lease) {
        this.settings = settings;
        this.bootstrapServers = bootstrapServers;
        this.lease = lease;
    }

    /**
     * Connects (starting the embedded broker if needed), checks the cluster answers, and creates the
     * topics as the settings' topic layout asks or checks the existing ones against it.
     */
    public static KafkaConnection open(Settings settings) {
        if (settings.bootstrapServers().isPresent()) {
            return checked(new KafkaConnection(settings, settings.bootstrapServers().get(), null));
        }
        try {
            return checked(embedded(settings));
        } catch (KafkaUnavailableException e) {
            // the broker died as we connected (its address still there): start it again, once
            if (BrokerProcess.alive(BrokerFiles.of(settings.kafkaDir()))) {
                throw e;
            }
            log.warn(
                    "the broker of {} went away as this command connected; starting it again",
                    settings.dataDir());
            return checked(embedded(settings));
        }
    }

    private static KafkaConnection checked(KafkaConnection connection) {
        try {
            connection.ensureTopics();
            return connection;
        } catch (RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    private static KafkaConnection embedded(Settings settings) {
        BrokerFiles files = BrokerFiles.of(settings.kafkaDir());
        String address = BrokerProcess.ensure(files, settings.brokerIdleStop());
        try {
            ClientLeases.Lease lease = new ClientLeases(files.clients()).take();
            log.debug("using the broker of {} at {}", settings.dataDir(), address);
            return new KafkaConnection(settings, address, lease);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot register with the broker in " + files.dir() + ": " + e.getMessage(), e);
        }
    }

    /**
     * After the broker stopped answering: starts the embedded broker again if its process is gone (on
     * the same log folder and ports, so this connection's clients reconnect by themselves). Does nothing
     * for a configured cluster, which is not ours to start.
     */
    public void revive() {
        if (lease == null) {
            return;
        }
        BrokerFiles files = BrokerFiles.of(settings.kafkaDir());
        if (BrokerProcess.alive(files)) {
            return;
        }
        log.warn("the broker of {} is gone; starting it again", settings.dataDir());
        String address = BrokerProcess.ensure(files, settings.brokerIdleStop());
        if (!address.equals(bootstrapServers)) {
            log.warn(
                    "the broker came back on {} instead of {}: its old ports are taken",
                    address,
                    bootstrapServers);
        }
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    public boolean embedded() {
        return lease != null;
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
        props.putIfAbsent(
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) REACH_TIMEOUT.toMillis());
        props.putIfAbsent(
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) REACH_TIMEOUT.toMillis());
        return Admin.create(props);
    }

    /**
     * Checks or creates the topics; a cluster that has just started (its brokers not all registered,
     * a partition's leader not elected yet) is asked again until {@link #REACH_TIMEOUT}.
     */
    private void ensureTopics() {
        long deadline = System.nanoTime() + REACH_TIMEOUT.toNanos();
        while (true) {
            try {
                ensureTopicsOnce();
                return;
            } catch (NotReadyYet e) {
                if (System.nanoTime() > deadline) {
                    throw new KafkaUnavailableException(e.getMessage());
                }
                try {
                    Thread.sleep(500);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw new KafkaUnavailableException("interrupted while connecting to Kafka");
                }
            }
        }
    }

    /** A refusal a cluster that is still starting gives. */
    private static final class NotReadyYet extends RuntimeException {
        NotReadyYet(String message) {
            super(message, null, false, false);
        }
    }

    private void ensureTopicsOnce() {
        try (Admin admin = admin()) {
            List<Node> found;
            try {
                found =
                        List.copyOf(
                                admin.describeCluster()
                                        .nodes()
                                        .get(REACH_TIMEOUT.toSeconds(), TimeUnit.SECONDS));
            } catch (TimeoutException e) {
                throw noAnswer();
            }
            nodes = found;
            new TopicSetup(admin, settings.topicLayout(), found.size(), embedded())
                    .ensure(List.of(settings.topic(), settings.deadLetterTopic()));
        } catch (TimeoutException e) {
            throw noAnswer();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof org.apache.kafka.common.errors.TimeoutException) {
                throw noAnswer();
            }
            Throwable cause = e.getCause();
            String refused =
                    "Kafka at "
                            + bootstrapServers
                            + " refused: "
                            + (cause.getMessage() == null || cause.getMessage().isBlank()
                                    ? cause.getClass().getSimpleName()
                                    : cause.getMessage());
            if (cause instanceof org.apache.kafka.common.errors.RetriableException
                    || cause
                            instanceof
                            org.apache.kafka.common.errors.InvalidReplicationFactorException) {
                throw new NotReadyYet(refused);
            }
            throw new KafkaUnavailableException(refused);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KafkaUnavailableException("interrupted while connecting to Kafka");
        }
    }

    /** The cluster's brokers when this connection was opened (those registered then). */
    public List<Node> nodes() {
        return nodes;
    }

    private KafkaUnavailableException noAnswer() {
        return new KafkaUnavailableException(
                "Kafka at "
                        + bootstrapServers
                        + " did not answer within "
                        + REACH_TIMEOUT.toSeconds()
                        + " s; check kafka.bootstrap-servers and the kafka.client.* settings");
    }

    @Override
    public void close() {
        if (lease != null) {
            lease.close();
        }
    }

    /** The cluster cannot be reached or refuses us. */
    public static class KafkaUnavailableException extends RuntimeException {
        public KafkaUnavailableException(String message) {
            super(message);
        }
    }
}
