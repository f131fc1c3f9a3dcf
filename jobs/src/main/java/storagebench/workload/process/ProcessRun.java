package storagebench.workload.process;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import storagebench.config.SecretReferences;

/**
 * One run of a program: standard output and error go to files (never to memory), standard input
 * is closed, and when the time limit passes or the waiting thread is interrupted the whole
 * process tree is destroyed.
 *
 * @param argv the program and its arguments; {@code ${env:NAME}} and {@code ${file:PATH}} in them are
 *     resolved only when the program starts ({@link SecretReferences})
 * @param env variables added to the inherited environment, references resolved as argv's
 * @param workingDir where it runs
 * @param timeout the longest it may run, or null for no limit
 */
public record ProcessRun(
        List<String> argv, Map<String, String> env, Path workingDir, Duration timeout) {
    static final int TAIL_LINES = 20;
    public static final int TAIL_CHARS = 2_000;

    /**
     * @param exitCode the program's exit code
     * @param stdoutBytes the size of its standard output
     * @param stderrBytes the size of its standard error
     */
    public record Result(int exitCode, long stdoutBytes, long stderrBytes) {}

    /**
     * Runs the program to its end. Throws {@link CommandFailedException} when it cannot be started,
     * exits with a code other than 0 (naming the tail of its standard error) or times out.
     */
    public Result run(Path stdout, Path stderr)
            throws CommandFailedException, InterruptedException {
        return run(stdout, stderr, null);
    }

    /**
     * This run with a database server's variables ({@link storagebench.dbms.ToolEnvironment}) under its
     * own environment: what the user set wins.
     */
    public ProcessRun withServer(Map<String, String> server) {
        if (server.isEmpty()) {
            return this;
        }
        Map<String, String> merged = new LinkedHashMap<>(server);
        merged.putAll(env);
        return new ProcessRun(argv, merged, workingDir, timeout);
    }

    /** A line of standard error and when it arrived ({@link System#nanoTime()}). */
    @FunctionalInterface
    public interface LineListener {
        void line(long arrivedNanos, String line);
    }

    /**
     * As {@link #run(Path, Path)}, and each line of standard error is also handed to {@code errorLines}
     * as it arrives, stamped with its arrival time, by a thread of its own: for tools that report progress
     * but no times. The file still receives every byte.
     */
    public Result run(Path stdout, Path stderr, LineListener errorLines)
            throws CommandFailedException, InterruptedException {
        // ${env:NAME} and ${file:PATH} become their values here only: argv and env keep the
        // references
        List<String> command = argv.stream().map(SecretReferences::resolve).toList();
        ProcessBuilder builder =
                new ProcessBuilder(command)
                        .directory(workingDir.toFile())
                        .redirectOutput(stdout.toFile());
        if (errorLines == null) {
            builder.redirectError(stderr.toFile());
        }
        env.forEach(
                (name, value) -> builder.environment().put(name, SecretReferences.resolve(value)));
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new CommandFailedException(
                    "cannot start "
                            + argv.get(0)
                            + ": "
                            + String.valueOf(e.getMessage()).replace(command.get(0), argv.get(0)));
        }
        Thread copier =
                errorLines == null
                        ? null
                        : StampedLines.copy(process.getErrorStream(), stderr, errorLines);
        try {
            process.getOutputStream().close();
            if (timeout == null) {
                process.waitFor();
            } else if (!process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
                destroyTree(process);
                throw new CommandFailedException(
                        "timed out after "
                                + describe(timeout)
                                + "; the process and its children were killed");
            }
        } catch (InterruptedException e) {
            destroyTree(process);
            throw e;
        } catch (IOException e) {
            destroyTree(process);
            throw new CommandFailedException(
                    "cannot close the standard input of " + argv.get(0) + ": " + e.getMessage());
        }
        if (copier != null) {
            copier.join();
        }
        Result result = new Result(process.exitValue(), size(stdout), size(stderr));
        if (result.exitCode() != 0) {
            throw new CommandFailedException(
                    "exit code " + result.exitCode() + "; last lines of stderr: " + tail(stderr));
        }
        return result;
    }

    /** Kills the process and its descendants, listed first: once it is dead, orphans are no longer its descendants. */
    private static void destroyTree(Process process) {
        List<ProcessHandle> descendants = process.descendants().toList();
        process.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The last lines of a file (at most {@link #TAIL_LINES} and {@link #TAIL_CHARS}), joined with " | ". */
    public static String tail(Path file) {
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long start = Math.max(0, in.length() - 4L * TAIL_CHARS);
            byte[] bytes = new byte[(int) (in.length() - start)];
            in.seek(start);
            in.readFully(bytes);
            List<String> lines =
                    Arrays.stream(new String(bytes, StandardCharsets.UTF_8).split("\\R"))
                            .map(String::strip)
                            .filter(l -> !l.isEmpty())
                            .toList();
            String text =
                    String.join(
                            " | ",
                            lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size()));
            text =
                    text.length() > TAIL_CHARS
                            ? "…" + text.substring(text.length() - TAIL_CHARS)
                            : text;
            return text.isEmpty() ? "(empty)" : text;
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return -1;
        }
    }

    private static String describe(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
    }
}
