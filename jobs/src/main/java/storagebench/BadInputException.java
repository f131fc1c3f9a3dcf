package storagebench;

/** Input the user must fix (a config, an argument, a path); the command exits 2 and nothing ran. */
public class BadInputException extends RuntimeException {
    public BadInputException(String message) {
        super(message);
    }
}
