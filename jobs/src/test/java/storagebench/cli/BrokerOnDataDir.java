package storagebench.cli;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;

/**
 * One real broker for a test class, started on a data directory of its own: every command the
 * tests run with {@code --data-dir data} finds that broker and uses it, as a user's second process would.
 */
abstract class BrokerOnDataDir {
    @TempDir static Path tmp;
    static Path data;
    static KafkaConnection kafka;

    @BeforeAll
    static void broker() {
        data = tmp.resolve("data");
        kafka =
                KafkaConnection.open(
                        Settings.load(null, Map.of(), Map.of("data-dir", data.toString())));
    }

    @AfterAll
    static void stop() {
        kafka.close();
    }
}
