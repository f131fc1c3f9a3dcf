package storagebench.batch;

import java.io.IOException;
import java.nio.file.Path;
import storagebench.BadInputException;
import storagebench.DataDir;
import storagebench.ProcessLock;

/**
 * The lock held by the process running a run (or an import). A continuation takes it first: getting it
 * proves the earlier process is gone, so what the topic holds of the run is all it will ever have.
 */
public final class RunLock {
    private RunLock() {}

    public static ProcessLock take(Path runDir, String runId) {
        try {
            return ProcessLock.tryTake(DataDir.runLock(runDir))
                    .orElseThrow(
                            () ->
                                    new BadInputException(
                                            "run " + runId + " is running in another process"));
        } catch (IOException e) {
            throw new BadInputException(
                    "cannot lock run " + runId + " in " + runDir + ": " + e.getMessage());
        }
    }
}
