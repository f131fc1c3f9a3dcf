package storagebench.sink;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import storagebench.faults.Child;

/** {@code storagebench sink} in a child JVM, its output kept in files for when a test fails. */
final class SinkProcess {
    private final Process process;
    private final Path log;

    private SinkProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    static SinkProcess start(Path logDir, String name, String... args) throws IOException {
        return start(logDir, name, Map.of(), args);
    }

    /** {@link #start(Path, String, String...)} with {@code env} added to the child's environment. */
    static SinkProcess start(Path logDir, String name, Map<String, String> env, String... args)
            throws IOException {
        List<String> command = new ArrayList<>(Child.javaMain("256m"));
        command.add("sink");
        command.addAll(List.of(args));
        Files.createDirectories(logDir);
        Path log = logDir.resolve(name + ".log");
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(env);
        Process process = builder.start();
        return new SinkProcess(process, log);
    }

    long pid() {
        return process.pid();
    }

    boolean alive() {
        return process.isAlive();
    }

    /** SIGSTOP: frozen wherever it is, its heartbeats too, as a long GC pause would. */
    void freeze() throws IOException, InterruptedException {
        signal("STOP");
    }

    /** SIGCONT. */
    void thaw() throws IOException, InterruptedException {
        signal("CONT");
    }

    private void signal(String name) throws IOException, InterruptedException {
        int exit =
                new ProcessBuilder("kill", "-" + name, String.valueOf(process.pid()))
                        .inheritIO()
                        .start()
                        .waitFor();
        if (exit != 0) {
            throw new AssertionError(
                    "kill -" + name + " " + process.pid() + " failed:\n" + output());
        }
    }

    /** SIGKILL: no shutdown hook, no roll, no flush. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGTERM: the sink's shutdown hook rolls the open files. */
    void terminate() {
        process.destroy();
    }

    int waitFor(long seconds) throws InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("sink did not finish within " + seconds + " s:\n" + output());
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
}
