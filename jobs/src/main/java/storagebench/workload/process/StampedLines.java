package storagebench.workload.process;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Copies a process's stream to a file and hands each line, stamped with its arrival time, to a listener. */
final class StampedLines {
    /** A line longer than this is handed over in pieces. */
    static final int MAX_LINE = 64 * 1024;

    private StampedLines() {}

    static Thread copy(InputStream in, Path file, ProcessRun.LineListener listener) {
        Thread thread =
                new Thread(
                        () -> {
                            try (in;
                                    OutputStream out = Files.newOutputStream(file)) {
                                ByteArrayOutputStream line = new ByteArrayOutputStream();
                                byte[] buffer = new byte[8192];
                                int n;
                                while ((n = in.read(buffer)) >= 0) {
                                    long now = System.nanoTime();
                                    out.write(buffer, 0, n);
                                    out.flush();
                                    for (int i = 0; i < n; i++) {
                                        byte b = buffer[i];
                                        if (b == '\n' || line.size() >= MAX_LINE) {
                                            deliver(line, now, listener);
                                        }
                                        if (b != '\n') {
                                            line.write(b);
                                        }
                                    }
                                }
                                if (line.size() > 0) {
                                    deliver(line, System.nanoTime(), listener);
                                }
                            } catch (IOException e) {
                                // the process went away or the file cannot be written: its exit
                                // code tells the rest
                            }
                        },
                        "stderr-lines");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    private static void deliver(
            ByteArrayOutputStream line, long now, ProcessRun.LineListener listener) {
        String text = line.toString(StandardCharsets.UTF_8);
        line.reset();
        listener.line(now, text.endsWith("\r") ? text.substring(0, text.length() - 1) : text);
    }
}
