package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;
import storagebench.config.Settings;

/**
 * docker/compose-fleet.yaml cannot be started here (no Docker engine): what can be checked without one
 * is checked — three KRaft brokers that agree on their quorum and replicate as docs/fleet.md says, two
 * runners and two sinks, an S3 store, a health check on every long-running service, settings that
 * storagebench itself accepts, and no secret in the file.
 */
class FleetComposeTest {
    private static final Path FILE = Path.of("..", "docker", "compose-fleet.yaml");

    @TempDir Path tmp;

    @Test
    @SuppressWarnings("unchecked")
    void theFleetHasThreeBrokersTwoRunnersTwoSinksAndAStoreEachWithAHealthCheck() throws Exception {
        // given
        String text = Files.readString(FILE);
        Map<String, Object> compose = new Yaml().load(text);
        Map<String, Map<String, Object>> services =
                (Map<String, Map<String, Object>>) compose.get("services");
        // then: three brokers, node ids 1-3, one voter list, durable internal topics
        for (int id = 1; id <= 3; id++) {
            Map<String, Object> env =
                    (Map<String, Object>) services.get("kafka" + id).get("environment");
            assertThat(env.get("KAFKA_NODE_ID")).isEqualTo(id);
            assertThat(env.get("KAFKA_CONTROLLER_QUORUM_VOTERS"))
                    .isEqualTo("1@kafka1:9093,2@kafka2:9093,3@kafka3:9093");
            assertThat(env.get("KAFKA_ADVERTISED_LISTENERS"))
                    .isEqualTo("PLAINTEXT://kafka" + id + ":9092");
            assertThat(env.get("KAFKA_TRANSACTION_STATE_LOG_MIN_ISR")).isEqualTo(2);
            assertThat(env.get("KAFKA_MIN_INSYNC_REPLICAS")).isEqualTo(2);
        }
        // two runners that leave the dataset to the sinks, two sinks
        for (String runner : List.of("runner1", "runner2")) {
            assertThat(services.get(runner).get("command").toString())
                    .contains(" run pipeline-config/local/file-init.yaml --no-sink");
            assertThat(Files.isRegularFile(Path.of("..", "pipeline-config/local/file-init.yaml")))
                    .isTrue();
        }
        for (String sink : List.of("sink1", "sink2")) {
            assertThat(services.get(sink).get("command")).isEqualTo(List.of("sink"));
        }
        assertThat(services).containsKey("s3");
        // every long-running service says whether it is healthy
        for (String name :
                List.of(
                        "kafka1", "kafka2", "kafka3", "s3", "runner1", "runner2", "sink1",
                        "sink2")) {
            assertThat(services.get(name)).as(name).containsKey("healthcheck");
        }
        // the settings every storagebench process reads are ones storagebench takes
        Map<String, Map<String, Object>> configs =
                (Map<String, Map<String, Object>>) compose.get("configs");
        Path properties = tmp.resolve("storagebench.properties");
        Files.writeString(properties, (String) configs.get("fleet").get("content"));
        Settings settings =
                Settings.load(
                        properties,
                        Map.of(
                                "STORAGEBENCH_KAFKA_BOOTSTRAP_SERVERS",
                                "kafka1:9092,kafka2:9092,kafka3:9092"),
                        Map.of());
        assertThat(settings.dataset().remote()).isTrue();
        assertThat(settings.dataset().toString()).isEqualTo("s3a://storagebench/dataset");
        assertThat(settings.topicLayout().requireDurable()).isTrue();
        // and the store's credential comes from the environment, never from the file
        assertThat(text).contains("${STORAGEBENCH_S3_SECRET:?set STORAGEBENCH_S3_SECRET}");
        assertThat(text)
                .doesNotContainPattern("(?i)(secret|password)[a-z_.]*\\s*[:=]\\s*[A-Za-z0-9]{6,}");
    }
}
