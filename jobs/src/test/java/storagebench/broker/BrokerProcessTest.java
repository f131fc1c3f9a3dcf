package storagebench.broker;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BrokerProcessTest {
    @TempDir Path dir;

    @Test
    void aPortTakenIsReadFromTheOutputOfTheStartThatFailedOnly() throws Exception {
        // given a start that could not listen on its controller's port, as Kafka says it, then one
        // that failed for another reason
        Path output =
                Files.writeString(
                        dir.resolve("broker.log"),
                        "04:56:46.436 ERROR DataPlaneAcceptor - Unable to start acceptor for"
                                + " CONTROLLER\n"
                                + "org.apache.kafka.common.KafkaException: Socket server failed to"
                                + " bind to 127.0.0.1:40479: Address already in use.\n");
        long second = Files.size(output);
        Files.writeString(
                output,
                "04:57:01.002 ERROR KafkaRaftServer - No space left on device\n",
                StandardOpenOption.APPEND);
        // then
        assertThat(BrokerProcess.portTaken(output, 0)).isTrue();
        assertThat(BrokerProcess.portTaken(output, second)).isFalse();
        assertThat(BrokerProcess.portTaken(dir.resolve("none.log"), 0)).isFalse();
    }
}
