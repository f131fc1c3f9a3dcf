package storagebench.runner;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import storagebench.BadInputException;

/**
 * Held by the process running a run. A restart takes it first: getting it proves the earlier
 * process is gone, so its execution, still marked running in the job repository, may be recovered.
 */
public final class RunLock implements AutoCloseable {
    private final FileChannel channel;
    private final FileLock lock;

    private RunLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    public static RunLock take(Path runDir, String runId) {
        try {
            FileChannel channel = FileChannel.open(runDir.resolve("run.lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                throw new BadInputException("run " + runId + " is running in another process");
            }
            return new RunLock(channel, lock);
        } catch (IOException e) {
            throw new BadInputException("cannot lock run " + runId + " in " + runDir + ": " + e.getMessage());
        }
    }

    @Override
    public void close() throws IOException {
        lock.release();
        channel.close();
    }
}
