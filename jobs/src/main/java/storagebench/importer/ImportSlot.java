package storagebench.importer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import storagebench.BadInputException;
import storagebench.DataDir;
import storagebench.ProcessLock;

/**
 * The transactional id an {@code import} publishes all its files under: the first of {@code
 * imports-1}, {@code imports-2} … whose folder under {@code runs/} this process can lock, held for the
 * command. So imports running at once never share one, and one started after an import was killed
 * takes the killed one's id when no other holds it: its producer's initialisation then ends what the
 * killed one left open. An id left open by a killed import that is not taken again is fenced by the
 * scan that reads the topic ({@link storagebench.events.OpenTransactions}): its folder's lock is free.
 *
 * @param name the transactional id's run part ({@code storagebench-} + name)
 * @param lock the lock on its folder
 */
record ImportSlot(String name, ProcessLock lock) implements AutoCloseable {
    static final String PREFIX = "imports-";

    /** More imports than this at once on one data directory are refused. */
    static final int MAX = 256;

    static ImportSlot take(Path runsDir) {
        for (int n = 1; n <= MAX; n++) {
            String name = PREFIX + n;
            Path lockFile = DataDir.runLock(runsDir.resolve(name));
            try {
                Optional<ProcessLock> lock = ProcessLock.tryTake(lockFile);
                if (lock.isPresent()) {
                    return new ImportSlot(name, lock.get());
                }
            } catch (IOException e) {
                throw new BadInputException("cannot lock " + lockFile + ": " + e.getMessage());
            }
        }
        throw new BadInputException(
                MAX + " imports are running on " + runsDir.getParent() + "; try again later");
    }

    @Override
    public void close() {
        lock.close();
    }
}
