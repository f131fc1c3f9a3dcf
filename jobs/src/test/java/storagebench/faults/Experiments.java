package storagebench.faults;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Small local experiments for the fault tests: many short trials, so a kill lands between or inside them. */
final class Experiments {
    private Experiments() {}

    /** {@code repetitions} × 2 variants of file-init on 1 MiB files, no warm-up: a trial takes milliseconds. */
    static Path quick(Path dir, String name, int repetitions) throws IOException {
        return write(
                dir,
                name,
                """
                experiment: %s
                target: {kind: local}
                workload: {type: file-init, files: 1, file-size: 1MB}
                factors:
                  init: [zero, instant]
                repetitions: %d
                warmups: 0
                """
                        .formatted(name, repetitions));
    }

    /** Trials of about {@code millis} each (a command that sleeps; its clean-up leaves {@code cleaned}), for kills inside a trial. */
    static Path slow(Path dir, String name, int repetitions, int millis) throws IOException {
        return write(
                dir,
                name,
                """
                experiment: %s
                target: {kind: local}
                workload: {type: command, command: "sleep %s", cleanup: "touch {out}/cleaned"}
                factors:
                  v: [a, b]
                repetitions: %d
                warmups: 0
                """
                        .formatted(name, millis / 1000.0, repetitions));
    }

    /**
     * Trials of about {@code millis} each until the file {@code fast} exists, then of a few
     * milliseconds: a test with faults to inject runs enough trials for them, then lets the rest go by.
     */
    static Path paced(Path dir, String name, int repetitions, int millis, Path fast)
            throws IOException {
        return write(
                dir,
                name,
                """
                experiment: %s
                target: {kind: local}
                workload: {type: command, shell: true, command: "test -f '%s' || sleep %s"}
                factors:
                  v: [a, b]
                repetitions: %d
                warmups: 0
                """
                        .formatted(name, fast.toAbsolutePath(), millis / 1000.0, repetitions));
    }

    private static Path write(Path dir, String name, String yaml) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(name + ".yaml");
        Files.writeString(file, yaml);
        return file;
    }
}
