package storagebench;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;

/** This machine's name: what the host probe records and what tells one host's local dataset from another's. */
public final class Hostname {
    private static volatile String cached;

    private Hostname() {}

    /** The local host's name, looked up once. */
    public static String get() {
        String name = cached;
        if (name == null) {
            name = resolve(() -> read(Path.of("/etc/hostname")));
            cached = name;
        }
        return name;
    }

    /**
     * The name the resolver gives, else the first line of {@code etcHostname}, else {@code $HOSTNAME},
     * else {@code unknown}.
     */
    public static String resolve(Supplier<String> etcHostname) {
        try {
            String name = InetAddress.getLocalHost().getHostName();
            if (name != null && !name.isBlank()) {
                return name;
            }
        } catch (IOException | RuntimeException e) {
            // no resolvable local host name: fall back to the files and the environment
        }
        String name = firstLine(etcHostname.get());
        if (name == null) {
            name = firstLine(System.getenv("HOSTNAME"));
        }
        return name != null ? name : "unknown";
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static String firstLine(String text) {
        if (text == null) {
            return null;
        }
        String line = text.strip().lines().findFirst().orElse("").strip();
        return line.isEmpty() ? null : line;
    }
}
