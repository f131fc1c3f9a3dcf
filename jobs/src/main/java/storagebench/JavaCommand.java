package storagebench;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line that starts a class of this application in a JVM of its own, with this process's
 * Java and classes: from the application jar through Spring Boot's launcher, or from a plain class
 * path (tests, an IDE). A process that outlives the command starting it (the broker) can run from a
 * private copy of the jar, since a build rewrites the jar in place and the classes a running JVM has
 * yet to load would then be gone.
 */
public final class JavaCommand {
    private static final String BOOT_LAUNCHER =
            "org.springframework.boot.loader.launch.PropertiesLauncher";

    private JavaCommand() {}

    /**
     * @param options the JVM's options ({@code -Xmx512m}, blank-separated; empty for none)
     * @param main the class whose {@code main} runs
     * @param args its arguments
     */
    public static List<String> of(String options, Class<?> main, List<String> args) {
        return of(options, main, args, null);
    }

    /**
     * As {@link #of(String, Class, List)}, from a copy of the application jar in {@code copyDir} when
     * started from the jar ({@link #privateCopy}); {@code copyDir} null: from the jar itself.
     */
    public static List<String> of(String options, Class<?> main, List<String> args, Path copyDir) {
        return of(options, main, args, copyDir, true);
    }

    /**
     * As {@link #of(String, Class, List, Path)}; {@code removeOthers} false keeps the copies of other
     * builds in {@code copyDir}, for processes sharing it (a cluster's nodes) that may still run from
     * them.
     */
    public static List<String> of(
            String options, Class<?> main, List<String> args, Path copyDir, boolean removeOthers) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String opt : options.strip().split("\\s+")) {
            if (!opt.isEmpty()) {
                command.add(opt);
            }
        }
        String classPath = System.getProperty("java.class.path");
        boolean bootJar = fromBootJar(classPath);
        command.add("-cp");
        command.add(
                bootJar && copyDir != null
                        ? privateCopy(Path.of(classPath), copyDir, removeOthers).toString()
                        : classPath);
        if (bootJar) {
            command.add("-Dloader.main=" + main.getName());
            command.add(BOOT_LAUNCHER);
        } else {
            command.add(main.getName());
        }
        command.addAll(args);
        return command;
    }

    /**
     * A copy of {@code jar} in {@code dir} named by the jar's size and time, made once per build of it
     * (copied under a temporary name and moved into place, so a copy is whole or absent); the copies of
     * other builds in {@code dir} are removed. Only one process may run from {@code dir}'s copies at a
     * time, and none while this runs (the broker's start lock).
     */
    static Path privateCopy(Path jar, Path dir) {
        return privateCopy(jar, dir, true);
    }

    private static Path privateCopy(Path jar, Path dir, boolean removeOthers) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(jar, BasicFileAttributes.class);
            String name =
                    "storagebench-"
                            + attributes.size()
                            + "-"
                            + attributes.lastModifiedTime().toMillis()
                            + ".jar";
            Files.createDirectories(dir);
            Path copy = dir.resolve(name);
            if (removeOthers) {
                try (DirectoryStream<Path> old = Files.newDirectoryStream(dir)) {
                    for (Path file : old) {
                        if (!file.getFileName().toString().equals(name)) {
                            Files.deleteIfExists(file);
                        }
                    }
                }
            }
            if (!Files.exists(copy)) {
                Path partial = dir.resolve(name + ".partial");
                Files.copy(jar, partial, StandardCopyOption.REPLACE_EXISTING);
                Files.move(partial, copy, StandardCopyOption.ATOMIC_MOVE);
            }
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot copy the application jar " + jar + " to " + dir + ": " + e.getMessage(),
                    e);
        }
    }

    /** Started with {@code java -jar storagebench.jar}: the class path is the one jar, classes inside it. */
    private static boolean fromBootJar(String classPath) {
        return classPath.endsWith(".jar")
                && !classPath.contains(File.pathSeparator)
                && JavaCommand.class.getClassLoader() != ClassLoader.getSystemClassLoader();
    }
}
