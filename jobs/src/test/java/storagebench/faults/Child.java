package storagebench.faults;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A storagebench command in a child JVM, as a user's shell would start it; its output kept in a file. */
public final class Child {
    private final Process process;
    private final Path log;

    /**
     * The command line up to {@code storagebench.cli.Main} of a child JVM on the tests' class path,
     * for a command's arguments to follow.
     */
    public static List<String> javaMain() {
        return javaMain("384m");
    }

    /** As {@link #javaMain()} with a heap of at most {@code heap} ({@code 256m}). */
    public static List<String> javaMain(String heap) {
        return List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + heap,
                // the client compiler and the serial collector: a child lives seconds to minutes,
                // and on two cores the optimising compiler's CPU is what the tests beside it wait
                // for (so for sinks and, in the pom, brokers)
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-Dorg.apache.avro.SERIALIZABLE_PACKAGES=storagebench.events",
                "-cp",
                System.getProperty("java.class.path"),
                "storagebench.cli.Main");
    }

    private Child(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    static Child start(Path logDir, String name, String... args) throws IOException {
        List<String> command = new ArrayList<>(javaMain());
        command.addAll(List.of(args));
        Files.createDirectories(logDir);
        Path log = logDir.resolve(name + ".log");
        Process process =
                new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
        return new Child(process, log);
    }

    long pid() {
        return process.pid();
    }

    boolean alive() {
        return process.isAlive();
    }

    /** SIGSTOP: the process is frozen wherever it is, e.g. inside an open transaction. */
    void freeze() throws Exception {
        signal("STOP", pid());
    }

    void thaw() throws Exception {
        signal("CONT", pid());
    }

    /** SIGKILL: no shutdown hook, nothing flushed. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGTERM, as Ctrl-C or a service manager would. */
    void terminate() {
        process.destroy();
    }

    int waitFor(long seconds) throws InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(
                    log.getFileName() + " did not finish within " + seconds + " s:\n" + output());
        }
        return process.exitValue();
    }

    String output() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no output: " + e.getMessage() + ")";
        }
    }

    static void signal(String signal, long pid) throws Exception {
        int exit =
                new ProcessBuilder("kill", "-" + signal, String.valueOf(pid))
                        .inheritIO()
                        .start()
                        .waitFor();
        if (exit != 0) {
            throw new AssertionError("kill -" + signal + " " + pid + " failed");
        }
    }
}
