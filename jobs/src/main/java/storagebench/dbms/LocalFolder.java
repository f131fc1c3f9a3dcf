package storagebench.dbms;

import java.nio.file.Path;
import storagebench.BadInputException;

/**
 * A capability of a target: its storage is a folder on this machine's disk, which a workload makes
 * its files in (the local kind). Looked up through {@link Target#as}.
 */
public interface LocalFolder {
    /** The folder, absolute. */
    Path directory();

    /** Creates the folder if needed and checks it can be written. */
    void prepare();

    /** Fails with a message when {@code bytes} would not fit in the free space of the folder's disk. */
    void requireFreeSpace(long bytes, String what);

    /** The folder of {@code target}, or an error saying that {@code workload} needs one. */
    static LocalFolder of(Target target, String workload) {
        return target.as(LocalFolder.class)
                .orElseThrow(
                        () ->
                                new BadInputException(
                                        workload
                                                + " runs on the local target only in this version"));
    }
}
