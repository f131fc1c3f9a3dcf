package storagebench.dbms.local;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import storagebench.BadInputException;
import storagebench.config.ConfigNode;
import storagebench.config.Values;
import storagebench.dbms.LocalFolder;
import storagebench.dbms.Target;
import storagebench.dbms.TargetKind;
import storagebench.events.TargetSnapshot;

/**
 * A directory on a real disk. Relative directories are resolved against the working directory;
 * without {@code directory:} the target is {@code <data-dir>/work}.
 */
public record LocalTarget(Path directory) implements Target, LocalFolder {

    @Override
    public String identity() {
        return "local:" + directory;
    }

    public static LocalTarget read(ConfigNode node, Path dataDir) {
        Path dir = node.value("directory", n -> Path.of(n.text()), dataDir.resolve("work"));
        return new LocalTarget(dir.toAbsolutePath().normalize());
    }

    @Override
    public TargetKind kind() {
        return TargetKind.LOCAL;
    }

    @Override
    public void prepare() {
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new BadInputException(
                    "target directory " + directory + " cannot be created: " + e.getMessage());
        }
        if (!Files.isWritable(directory)) {
            throw new BadInputException("target directory " + directory + " is not writable");
        }
    }

    @Override
    public void requireFreeSpace(long bytes, String what) {
        try {
            long usable = Files.getFileStore(directory).getUsableSpace();
            if (bytes > usable) {
                throw new BadInputException(
                        what
                                + " needs "
                                + Values.formatSize(bytes)
                                + " in "
                                + directory
                                + " but only "
                                + Values.formatSize(usable)
                                + " is free on that disk");
            }
        } catch (IOException e) {
            throw new BadInputException(
                    "cannot read the free space of " + directory + ": " + e.getMessage());
        }
    }

    @Override
    public TargetSnapshot snapshot() {
        Map<String, String> props = new LinkedHashMap<>();
        String version = System.getProperty("os.name") + " " + System.getProperty("os.version");
        try {
            FileStore store = Files.getFileStore(directory);
            props.put("filesystem", store.type());
            props.put("device", store.name());
            props.put("total_bytes", String.valueOf(store.getTotalSpace()));
            props.put("usable_bytes", String.valueOf(store.getUsableSpace()));
        } catch (IOException e) {
            props.put("filesystem_error", e.getMessage());
        }
        return TargetSnapshot.newBuilder()
                .setKind(kind().yamlName())
                .setProduct("local disk")
                .setVersion(version)
                .setLocation(directory.toString())
                .setProperties(props)
                .build();
    }
}
