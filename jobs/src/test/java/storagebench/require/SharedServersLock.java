package storagebench.require;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * {@link SharedServers}' lock: an exclusive lock on {@code storagebench-shared-servers.lock} in
 * {@code java.io.tmpdir}, taken before the class's first test and let go after its last. The
 * operating system lets go of it when a test JVM dies, so a killed build leaves no lock behind. A
 * nested class of one that holds it runs under its outer class's lock.
 */
final class SharedServersLock implements BeforeAllCallback, AfterAllCallback {
    static final String FILE = "storagebench-shared-servers.lock";

    /** The lock this JVM holds, and how many classes under way hold it. */
    private static FileLock held;

    private static int holders;

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        synchronized (SharedServersLock.class) {
            if (holders > 0) {
                holders++;
                return;
            }
        }
        FileChannel channel =
                FileChannel.open(
                        Path.of(System.getProperty("java.io.tmpdir"), FILE),
                        StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE);
        long start = System.nanoTime();
        FileLock lock;
        try {
            lock = channel.lock();
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        long waited = (System.nanoTime() - start) / 1_000_000;
        if (waited >= 1000) {
            System.out.printf(
                    "%s waited %d ms for the shared database servers%n",
                    context.getRequiredTestClass().getSimpleName(), waited);
        }
        synchronized (SharedServersLock.class) {
            held = lock;
            holders = 1;
        }
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        synchronized (SharedServersLock.class) {
            if (holders == 0 || --holders > 0) {
                return;
            }
            held.channel().close();
            held = null;
        }
    }
}
