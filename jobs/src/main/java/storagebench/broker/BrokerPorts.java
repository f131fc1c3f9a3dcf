package storagebench.broker;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import storagebench.DurableFiles;

/**
 * The loopback ports of a data directory's broker, chosen once and kept in {@code broker.ports}: a
 * broker restarted after a crash listens where the old one did, so clients that were connected to it
 * (a run waiting out a lost broker) reconnect by themselves. Ports taken by something else in the
 * meantime are chosen anew.
 *
 * @param broker the client listener's port
 * @param controller the KRaft controller's port
 */
record BrokerPorts(int broker, int controller) {

    static BrokerPorts reuseOrChoose(Path file) throws IOException {
        BrokerPorts saved = read(file);
        if (saved != null
                && saved.broker != saved.controller
                && free(saved.broker)
                && free(saved.controller)) {
            return saved;
        }
        BrokerPorts chosen = choose();
        Properties props = new Properties();
        props.setProperty("broker", String.valueOf(chosen.broker));
        props.setProperty("controller", String.valueOf(chosen.controller));
        StringBuilder text = new StringBuilder();
        props.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
        DurableFiles.writeAtomically(file, text.toString());
        return chosen;
    }

    private static BrokerPorts read(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        Properties props = new Properties();
        try (var reader = Files.newBufferedReader(file)) {
            props.load(reader);
            return new BrokerPorts(
                    Integer.parseInt(props.getProperty("broker")),
                    Integer.parseInt(props.getProperty("controller")));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static boolean free(int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Two ports free on loopback now, and two different ones ({@link LoopbackPorts}). */
    static BrokerPorts choose() throws IOException {
        List<Integer> ports = LoopbackPorts.free(2);
        return new BrokerPorts(ports.get(0), ports.get(1));
    }
}
