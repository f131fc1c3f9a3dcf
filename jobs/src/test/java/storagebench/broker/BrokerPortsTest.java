package storagebench.broker;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BrokerPortsTest {
    @TempDir Path dir;

    @Test
    void aBrokerAndItsControllerGetTwoDifferentPorts() throws Exception {
        for (int i = 0; i < 200; i++) {
            BrokerPorts ports = BrokerPorts.choose();
            assertThat(ports.broker()).isNotEqualTo(ports.controller());
        }
    }

    @Test
    void savedPortsThatAreOneAndTheSameAreChosenAnew() throws Exception {
        // given a ports file that names one free port for both listeners, which no broker can open
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        Path file = dir.resolve("broker.ports");
        Files.writeString(file, "broker=" + port + "\ncontroller=" + port + "\n");

        // when
        BrokerPorts ports = BrokerPorts.reuseOrChoose(file);

        // then: two different ports, kept for the next start
        assertThat(ports.broker()).isNotEqualTo(ports.controller());
        assertThat(Files.readString(file))
                .contains("broker=" + ports.broker())
                .contains("controller=" + ports.controller());
    }

    @Test
    void savedPortsThatAreFreeAreKept() throws Exception {
        BrokerPorts first = BrokerPorts.reuseOrChoose(dir.resolve("broker.ports"));

        assertThat(BrokerPorts.reuseOrChoose(dir.resolve("broker.ports"))).isEqualTo(first);
    }
}
