package storagebench.dbms;

/**
 * A database target that cannot be used: unreachable within its connect-timeout, or it refused the
 * credentials. The command exits 1 before any trial; the message never holds the password.
 */
public class TargetUnavailableException extends RuntimeException {
    public TargetUnavailableException(String message) {
        super(message);
    }
}
