package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.ClusterNeeds;
import storagebench.broker.LocalCluster;
import storagebench.require.Requirement;

/** {@code broker cluster start|status|stop}, and the topics a run creates on the cluster and checks there. */
class TopicLayoutClusterIT {
    @TempDir Path tmp;

    @Test
    void clusterOnTheCommandLineAndTheTopicsARunCreatesAndChecksOnIt() throws Exception {
        Optional<String> cannot = ClusterNeeds.missing();
        if (cannot.isPresent()) {
            throw Requirement.CLUSTER.missing(cannot.get());
        }
        Path dir = tmp.resolve("kafka3");
        try {
            // when: a cluster of three is started
            CliOutput start =
                    CliOutput.run(
                            "broker",
                            "cluster",
                            "start",
                            "--dir",
                            dir.toString(),
                            "--brokers",
                            "3");
            // then: it says where it is, and every node runs
            assertThat(start.exit()).as(start.err()).isZero();
            String servers = LocalCluster.existing(dir).orElseThrow().bootstrapServers();
            assertThat(servers.split(",")).hasSize(3);
            assertThat(start.out()).contains("bootstrap servers: " + servers);
            CliOutput status =
                    CliOutput.run("broker", "cluster", "status", "--dir", dir.toString());
            assertThat(status.exit()).isZero();
            assertThat(status.out()).contains("node 1: running on").contains("node 3: running on");
            // when: a run on it
            Path data = tmp.resolve("data");
            CliOutput run = run(data, servers);
            // then: its topics have 6 partitions, 3 replicas and min.insync.replicas 2
            assertThat(run.exit()).as(run.err()).isZero();
            assertThat(run.err())
                    .contains(
                            "created topic storagebench.events: 6 partition(s), replication factor"
                                    + " 3, min.insync.replicas 2");
            try (Admin admin = admin(servers)) {
                for (String topic :
                        List.of("storagebench.events", "storagebench.events.dead-letter")) {
                    TopicDescription d =
                            admin.describeTopics(List.of(topic))
                                    .allTopicNames()
                                    .get(10, TimeUnit.SECONDS)
                                    .get(topic);
                    assertThat(d.partitions()).hasSize(6).allMatch(p -> p.replicas().size() == 3);
                    assertThat(minInsync(admin, topic)).isEqualTo("2");
                }
                // given: a topic weaker than asked
                admin.createTopics(List.of(new NewTopic("weak", 1, (short) 1)))
                        .all()
                        .get(10, TimeUnit.SECONDS);
            }
            // when: a run on it
            CliOutput warned = run(data, servers, "--set", "kafka.topic=weak");
            // then: one warning names what was asked and found; with require-durable, exit 2
            assertThat(warned.exit()).as(warned.err()).isZero();
            String weak =
                    "topic weak has replication factor 1 and min.insync.replicas 1, weaker than"
                            + " asked: replication factor 3 and min.insync.replicas 2";
            assertThat(warned.err().lines().filter(l -> l.contains(weak))).hasSize(1);
            CliOutput refused =
                    run(
                            data,
                            servers,
                            "--set",
                            "kafka.topic=weak",
                            "--set",
                            "kafka.require-durable=true");
            assertThat(refused.exit()).isEqualTo(Main.BAD_INPUT);
            assertThat(refused.err())
                    .contains(weak)
                    .contains("kafka.require-durable=true refuses it")
                    .doesNotContain("\tat ");
            // when: one node stopped, then: status says so, exit 1
            CliOutput stop =
                    CliOutput.run(
                            "broker", "cluster", "stop", "--dir", dir.toString(), "--node", "2");
            assertThat(stop.exit()).isZero();
            CliOutput partial =
                    CliOutput.run("broker", "cluster", "status", "--dir", dir.toString());
            assertThat(partial.exit()).isEqualTo(Main.FAILED);
            assertThat(partial.out()).contains("node 2: not running");
        } finally {
            LocalCluster.existing(dir).ifPresent(LocalCluster::stop);
        }
    }

    private CliOutput run(Path data, String servers, String... more) throws Exception {
        Path yaml = tmp.resolve("layout.yaml");
        if (!Files.exists(yaml)) {
            Files.writeString(
                    yaml,
                    """
                    experiment: layout
                    target: {kind: local}
                    workload: {type: file-init, files: 1, file-size: 1MB}
                    factors:
                      init: [zero]
                    repetitions: 1
                    warmups: 0
                    """);
        }
        List<String> args =
                new java.util.ArrayList<>(
                        List.of(
                                "run",
                                yaml.toString(),
                                "--data-dir",
                                data.toString(),
                                "--bootstrap-servers",
                                servers,
                                "--no-sink"));
        args.addAll(List.of(more));
        return CliOutput.run(args.toArray(String[]::new));
    }

    private static Admin admin(String servers) {
        return Admin.create(
                Map.of(
                        AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                        servers,
                        AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG,
                        10_000,
                        AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                        10_000));
    }

    private static String minInsync(Admin admin, String topic) throws Exception {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        return admin.describeConfigs(List.of(resource))
                .all()
                .get(10, TimeUnit.SECONDS)
                .get(resource)
                .get("min.insync.replicas")
                .value();
    }
}
