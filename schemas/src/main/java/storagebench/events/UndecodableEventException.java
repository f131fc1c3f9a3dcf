package storagebench.events;

/** A message that is not a storagebench event, or one written with a schema this codec does not know. */
public class UndecodableEventException extends Exception {
    public UndecodableEventException(String reason, Throwable cause) {
        super(reason, cause);
    }
}
