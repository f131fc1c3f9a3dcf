package storagebench.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** What a command printed to standard output and error while it ran in the test's JVM. */
final class CliOutput {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private int exit;

    /** Runs {@code Main.execute(args)} with System.out and System.err captured (and still shown). */
    static CliOutput run(String... args) {
        CliOutput output = new CliOutput();
        PrintStream originalOut = System.out;
        PrintStream originalErr = System.err;
        System.setOut(
                new PrintStream(new Tee(output.out, originalOut), true, StandardCharsets.UTF_8));
        System.setErr(
                new PrintStream(new Tee(output.err, originalErr), true, StandardCharsets.UTF_8));
        try {
            output.exit = Main.execute(args);
        } finally {
            System.setOut(originalOut);
            System.setErr(originalErr);
        }
        return output;
    }

    /** Runs the command with {@code --html FILE} added. */
    static CliOutput withHtml(Path html, String... args) {
        String[] all = java.util.Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--html";
        all[args.length + 1] = html.toString();
        return run(all);
    }

    int exit() {
        return exit;
    }

    String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private static final class Tee extends OutputStream {
        private final OutputStream a;
        private final OutputStream b;

        Tee(OutputStream a, OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(int c) throws IOException {
            a.write(c);
            b.write(c);
        }

        @Override
        public void write(byte[] bytes, int off, int len) throws IOException {
            a.write(bytes, off, len);
            b.write(bytes, off, len);
        }
    }
}
