package storagebench.workload.process;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Finds out before a run whether a program can be started: a path (it holds a separator) must be
 * an executable file, relative paths taken from the working directory; a bare name must be an
 * executable file in a directory of the PATH. Java looks bare names up in its own PATH, not in the
 * child's environment, so {@code env: PATH=...} does not change the lookup.
 */
public final class Executables {
    private static final boolean WINDOWS =
            System.getProperty("os.name").toLowerCase(Locale.ROOT).startsWith("win");

    private Executables() {}

    /**
     * Why the program cannot be started, or empty when it can, or when it is a relative path and
     * the working directory is not known yet ({@code workingDir} null).
     */
    public static Optional<String> problem(String program, Path workingDir) {
        try {
            if (program.contains("/") || (WINDOWS && program.contains("\\"))) {
                if (workingDir == null && !Path.of(program).isAbsolute()) {
                    return Optional.empty();
                }
                Path file = workingDir == null ? Path.of(program) : workingDir.resolve(program);
                if (!Files.exists(file)) {
                    return Optional.of("'" + program + "' does not exist (" + file + ")");
                }
                if (Files.isDirectory(file) || !Files.isExecutable(file)) {
                    return Optional.of(
                            "'" + program + "' is not an executable file (" + file + ")");
                }
                return Optional.empty();
            }
            String path = System.getenv("PATH") == null ? "" : System.getenv("PATH");
            for (String dir : path.split(File.pathSeparator)) {
                for (String name : candidates(program)) {
                    Path file = Path.of(dir.isEmpty() ? "." : dir).resolve(name);
                    if (Files.isRegularFile(file) && Files.isExecutable(file)) {
                        return Optional.empty();
                    }
                }
            }
            return Optional.of("'" + program + "' is not found on the PATH");
        } catch (InvalidPathException e) {
            return Optional.of("'" + program + "' is not a valid path: " + e.getMessage());
        }
    }

    /** The name itself and, on Windows, the name with each PATHEXT extension. */
    private static List<String> candidates(String program) {
        List<String> names = new ArrayList<>(List.of(program));
        if (WINDOWS) {
            String exts = System.getenv().getOrDefault("PATHEXT", ".COM;.EXE;.BAT;.CMD");
            for (String ext : exts.split(";")) {
                names.add(program + ext.toLowerCase(Locale.ROOT));
            }
        }
        return names;
    }
}
