package storagebench.serve;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import storagebench.faults.Child;

/**
 * {@code storagebench serve} in a child JVM, as a service manager would start it, its output in a
 * file: started on a free port, its address read from what it prints.
 */
final class ServeProcess implements AutoCloseable {
    /** Where the services' output stays after the tests, for a person to read. */
    static final Path LOGS = Path.of("target", "serve-logs");

    private static final Pattern ADDRESS = Pattern.compile("storagebench serve: (http://\\S+/)");

    private final Process process;
    private final Path log;
    private final String url;

    private ServeProcess(Process process, Path log, String url) {
        this.process = process;
        this.log = log;
        this.url = url;
    }

    /** Starts {@code serve} with {@code args} and waits until it listens (two minutes at most). */
    static ServeProcess start(Path logDir, String name, String... args) throws Exception {
        return start(logDir, name, Map.of(), args);
    }

    /** As {@link #start(Path, String, String...)}, with variables added to its environment. */
    static ServeProcess start(Path logDir, String name, Map<String, String> env, String... args)
            throws Exception {
        return start(logDir, name, List.of(), env, args);
    }

    /**
     * As {@link #start(Path, String, Map, String...)}, started through {@code wrapper} (e.g. {@code ip
     * netns exec NAME}, which runs it in place: its pid is the service's).
     */
    static ServeProcess start(
            Path logDir, String name, List<String> wrapper, Map<String, String> env, String... args)
            throws Exception {
        List<String> command = new ArrayList<>(wrapper);
        command.addAll(Child.javaMain());
        command.addAll(List.of("serve", "--port", "0"));
        command.addAll(List.of(args));
        Files.createDirectories(logDir);
        Path log = logDir.resolve(name + ".log");
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(env);
        Process process = builder.start();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (System.nanoTime() < deadline) {
            Matcher m = ADDRESS.matcher(read(log));
            if (m.find()) {
                return new ServeProcess(process, log, m.group(1));
            }
            if (!process.isAlive()) {
                throw new AssertionError(name + " ended before it listened:\n" + read(log));
            }
            Thread.sleep(200);
        }
        process.destroyForcibly();
        throw new AssertionError(name + " did not listen within 2 minutes:\n" + read(log));
    }

    String url() {
        return url;
    }

    long pid() {
        return process.pid();
    }

    boolean alive() {
        return process.isAlive();
    }

    /** SIGKILL: nothing cleaned up, nothing flushed. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGTERM, as a service manager stops it; its exit code. */
    int terminate(long seconds) throws InterruptedException {
        process.destroy();
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("serve did not stop within " + seconds + " s:\n" + output());
        }
        return process.exitValue();
    }

    String output() {
        return read(log);
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "";
        }
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            kill();
        }
    }
}
