package storagebench.sink;

/** Another sink (in this or another process) is writing to the same dataset. */
public class DatasetLockedException extends RuntimeException {
    public DatasetLockedException(String message) {
        super(message);
    }
}
