package storagebench.events;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;

/** Every released schema version, read from {@code released/index.txt} on the class path. */
public final class ReleasedSchemas {
    static final String ROOT = "/storagebench/events/released/";

    /** One released version of one event type. */
    public record Version(EventType type, int version, String path, Schema schema) {}

    /**
     * Read once per process: every {@link EventCodec} (one per publisher, per read of a run's history)
     * takes every type's versions, and parsing them all once per type took 11–49 ms a codec with the
     * JIT warm. Parsed schemas are not changed after.
     */
    private static volatile List<Version> parsed;

    private ReleasedSchemas() {}

    /** Every released version, in the index's order. */
    public static List<Version> all() {
        List<Version> versions = parsed;
        if (versions == null) {
            versions = List.copyOf(read());
            parsed = versions;
        }
        return versions;
    }

    private static List<Version> read() {
        List<Version> versions = new ArrayList<>();
        for (String path : index()) {
            String[] parts = path.split("/");
            if (parts.length != 2 || !parts[1].matches("v\\d+\\.avsc")) {
                throw new IllegalStateException("released/index.txt: bad entry " + path);
            }
            EventType type = EventType.ofSchemaName(parts[0]);
            int version =
                    Integer.parseInt(parts[1].substring(1, parts[1].length() - ".avsc".length()));
            versions.add(new Version(type, version, path, parse(path)));
        }
        return versions;
    }

    public static List<Version> of(EventType type) {
        return all().stream().filter(v -> v.type() == type).toList();
    }

    static List<String> index() {
        try (InputStream in = open("index.txt");
                BufferedReader reader =
                        new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return reader.lines()
                    .map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("#"))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Schema parse(String path) {
        try (InputStream in = open(path)) {
            return new Schema.Parser().parse(in);
        } catch (IOException e) {
            throw new UncheckedIOException("released schema " + path, e);
        }
    }

    private static InputStream open(String name) throws IOException {
        InputStream in = ReleasedSchemas.class.getResourceAsStream(ROOT + name);
        if (in == null) {
            throw new IOException("missing resource " + ROOT + name);
        }
        return in;
    }
}
