package storagebench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The data directory: created when missing, refused with a reason when it cannot be written. */
public final class DataDir {
    private DataDir() {}

    /** The lock a run's (or an import's) process holds on its run folder while it runs. */
    public static Path runLock(Path runDir) {
        return runDir.resolve("run.lock");
    }

    /** Refuses a data directory that is a file; creates nothing. */
    public static Path check(Path dir) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new BadInputException("data directory " + dir + " is a file, not a directory");
        }
        return dir;
    }

    public static Path prepare(Path dir) {
        check(dir);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new BadInputException(
                    "data directory " + dir + " cannot be created: " + e.getMessage());
        }
        if (!Files.isWritable(dir)) {
            throw new BadInputException("data directory " + dir + " is not writable");
        }
        return dir;
    }
}
