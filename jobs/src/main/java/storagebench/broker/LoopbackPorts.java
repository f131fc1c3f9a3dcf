package storagebench.broker;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Ports free on loopback for the listeners of brokers and controllers. */
final class LoopbackPorts {
    private LoopbackPorts() {}

    /**
     * {@code count} ports free on loopback now, all different: the kernel may hand out a port again
     * once the socket that asked for it is closed, so a port given twice is asked for anew.
     */
    static List<Integer> free(int count) throws IOException {
        Set<Integer> taken = new HashSet<>();
        List<Integer> ports = new ArrayList<>(count);
        while (ports.size() < count) {
            try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                if (taken.add(socket.getLocalPort())) {
                    ports.add(socket.getLocalPort());
                }
            }
        }
        return List.copyOf(ports);
    }
}
