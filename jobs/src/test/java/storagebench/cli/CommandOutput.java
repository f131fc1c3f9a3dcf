package storagebench.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * A command run in this JVM with what it prints kept.
 *
 * @param exitCode its exit code
 * @param out what it printed on stdout
 * @param err what it printed on stderr
 */
public record CommandOutput(int exitCode, String out, String err) {
    /** Runs {@code storagebench args…} as {@link Main#execute} does. */
    public static synchronized CommandOutput of(String... args) {
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int exitCode = Main.execute(args);
            System.out.flush();
            System.err.flush();
            return new CommandOutput(
                    exitCode,
                    out.toString(StandardCharsets.UTF_8),
                    err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
        }
    }
}
