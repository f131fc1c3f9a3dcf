package storagebench;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line that starts a class of this application in a JVM of its own, with this process's
 * Java and classes: from the application jar through Spring Boot's launcher, or from a plain class
 * path (tests, an IDE). A process that outlives the command starting it (the broker) runs from this
 * build's copy of the jar in the user's cache ({@link JarCopies}), since a build rewrites the jar in
 * place and the classes a running JVM has yet to load would then be gone.
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
        return of(options, main, args, false);
    }

    /**
     * As {@link #of(String, Class, List)}; {@code outlives}: for a process that outlives this one,
     * started from the build's copy of the jar in {@link JarCopies#dir()} when started from the jar.
     */
    public static List<String> of(
            String options, Class<?> main, List<String> args, boolean outlives) {
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
                bootJar && outlives
                        ? JarCopies.copyOf(Path.of(classPath), JarCopies.dir()).toString()
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

    /** Started with {@code java -jar storagebench.jar}: the class path is the one jar, classes inside it. */
    private static boolean fromBootJar(String classPath) {
        return classPath.endsWith(".jar")
                && !classPath.contains(File.pathSeparator)
                && JavaCommand.class.getClassLoader() != ClassLoader.getSystemClassLoader();
    }
}
