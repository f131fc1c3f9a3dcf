package storagebench.workload.process;

/** A command that could not be started, exited with a code other than 0, or ran out of time. */
public class CommandFailedException extends Exception {
    public CommandFailedException(String message) {
        super(message);
    }
}
