package storagebench.serve;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import storagebench.BadInputException;

/**
 * Where the dashboard listens and what its actions ask for.
 *
 * @param bind the address (127.0.0.1 by default: only this machine reaches it)
 * @param port the port (0: any free one)
 * @param token what actions ask for (when set; a service that listens beyond loopback needs one);
 *     never shown
 */
public record ServeOptions(String bind, int port, Optional<String> token) {

    /** Checks the address, and that a service reachable from elsewhere has a token. */
    public ServeOptions {
        if (port < 0 || port > 65535) {
            throw new BadInputException("--port must be 0 to 65535, got " + port);
        }
        if (!loopback(bind) && token.isEmpty()) {
            throw new BadInputException(
                    "--bind "
                            + bind
                            + " reaches beyond this machine: set a token for the dashboard's actions"
                            + " (serve.token in the settings, or STORAGEBENCH_SERVE_TOKEN)");
        }
    }

    /** Whether actions ask for the token: one is set, or the service listens beyond loopback. */
    public boolean tokenRequired() {
        return token.isPresent() || !loopback(bind);
    }

    static boolean loopback(String address) {
        try {
            return InetAddress.getByName(address).isLoopbackAddress();
        } catch (UnknownHostException e) {
            throw new BadInputException("--bind " + address + ": no such address");
        }
    }

    @Override
    public String toString() {
        return "ServeOptions[" + bind + ":" + port + (token.isPresent() ? ", token set" : "") + "]";
    }
}
