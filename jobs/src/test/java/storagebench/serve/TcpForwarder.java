package storagebench.serve;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP port on one address that passes every connection on to another: how a host in a network
 * namespace of the test's reaches a server that listens on the root namespace's loopback only (the
 * shared PostgreSQL). Each connection is two threads copying bytes, one each way.
 */
final class TcpForwarder implements AutoCloseable {
    private final ServerSocket server;
    private final InetSocketAddress target;
    private final List<Socket> open = new CopyOnWriteArrayList<>();

    private TcpForwarder(ServerSocket server, InetSocketAddress target) {
        this.server = server;
        this.target = target;
    }

    /** Listens on a free port of {@code host}, passing connections on to {@code target}. */
    static TcpForwarder start(String host, InetSocketAddress target) throws IOException {
        ServerSocket server = new ServerSocket(0, 50, InetAddress.getByName(host));
        TcpForwarder forwarder = new TcpForwarder(server, target);
        daemon("forward-accept", forwarder::accept).start();
        return forwarder;
    }

    int port() {
        return server.getLocalPort();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket upstream = new Socket();
                try {
                    upstream.connect(target, 10_000);
                } catch (IOException e) {
                    client.close();
                    upstream.close();
                    continue;
                }
                open.add(client);
                open.add(upstream);
                daemon("forward-up", () -> copy(client, upstream)).start();
                daemon("forward-down", () -> copy(upstream, client)).start();
            } catch (IOException e) {
                // closed
            }
        }
    }

    private void copy(Socket from, Socket to) {
        try (InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream()) {
            in.transferTo(out);
        } catch (IOException e) {
            // one side went away
        } finally {
            quietly(from);
            quietly(to);
            open.remove(from);
            open.remove(to);
        }
    }

    private static Thread daemon(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        return thread;
    }

    private static void quietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        open.forEach(TcpForwarder::quietly);
    }
}
