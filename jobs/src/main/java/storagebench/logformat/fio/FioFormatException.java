package storagebench.logformat.fio;

/** Why a fio output cannot be read as a whole; becomes one Malformed record, never escapes the parser. */
final class FioFormatException extends Exception {
    private final long line;

    FioFormatException(long line, String reason) {
        super(reason);
        this.line = line;
    }

    long line() {
        return line;
    }
}
