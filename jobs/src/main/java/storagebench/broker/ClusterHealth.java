package storagebench.broker;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartitionInfo;

/** Waits on a cluster's state through its admin API: brokers registered, replicas in sync. */
final class ClusterHealth {
    private static final long POLL_MS = 200;

    private ClusterHealth() {}

    /** Returns once {@code brokers} brokers are in the cluster (registered and not fenced). */
    static void awaitBrokers(String bootstrapServers, int brokers, Duration timeout) {
        await(
                bootstrapServers,
                timeout,
                "all " + brokers + " brokers to join",
                admin -> {
                    int in = admin.describeCluster().nodes().get(5, TimeUnit.SECONDS).size();
                    return in >= brokers ? null : in + " joined";
                });
    }

    /** Returns once every partition of every topic has a leader and all its replicas in sync. */
    static void awaitInSync(String bootstrapServers, Duration timeout) {
        await(
                bootstrapServers,
                timeout,
                "every replica to be in sync",
                admin -> {
                    var names =
                            admin.listTopics(new ListTopicsOptions().listInternal(true))
                                    .names()
                                    .get(5, TimeUnit.SECONDS);
                    Map<String, TopicDescription> topics =
                            admin.describeTopics(names).allTopicNames().get(5, TimeUnit.SECONDS);
                    List<String> behind =
                            topics.values().stream()
                                    .flatMap(
                                            t ->
                                                    t.partitions().stream()
                                                            .filter(p -> !inSync(p))
                                                            .map(p -> describe(t.name(), p)))
                                    .toList();
                    if (behind.isEmpty()) {
                        return null;
                    }
                    return behind.size()
                            + " partition(s) not in sync, e.g. "
                            + String.join("; ", behind.subList(0, Math.min(3, behind.size())));
                });
    }

    private static boolean inSync(TopicPartitionInfo p) {
        return p.leader() != null && !p.leader().isEmpty() && p.isr().size() == p.replicas().size();
    }

    private static String describe(String topic, TopicPartitionInfo p) {
        return topic
                + "-"
                + p.partition()
                + " leader "
                + (p.leader() == null || p.leader().isEmpty() ? "none" : p.leader().id())
                + ", replicas "
                + p.replicas().stream().map(n -> n.id()).toList()
                + ", in sync "
                + p.isr().stream().map(n -> n.id()).toList();
    }

    /** A condition on the cluster: null when met, else what is still missing. */
    private interface Check {
        String unmet(Admin admin) throws InterruptedException, ExecutionException, TimeoutException;
    }

    private static void await(String bootstrapServers, Duration timeout, String what, Check check) {
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "";
        try (Admin admin = admin(bootstrapServers)) {
            while (System.nanoTime() < deadline) {
                try {
                    String unmet = check.unmet(admin);
                    if (unmet == null) {
                        return;
                    }
                    last = ": " + unmet;
                } catch (ExecutionException | TimeoutException e) {
                    last = ": " + e.getMessage();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new BrokerProcess.BrokerException(
                            "interrupted while waiting for the cluster");
                }
                pause();
            }
        }
        throw new BrokerProcess.BrokerException(
                "the cluster at "
                        + bootstrapServers
                        + " did not get "
                        + what
                        + " within "
                        + timeout.toSeconds()
                        + " s"
                        + last);
    }

    static Admin admin(String bootstrapServers) {
        return Admin.create(
                Map.of(
                        AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrapServers,
                        AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG,
                        5_000,
                        AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                        5_000));
    }

    static void pause() {
        try {
            Thread.sleep(POLL_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrokerProcess.BrokerException("interrupted while waiting for the cluster");
        }
    }
}
