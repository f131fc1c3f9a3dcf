package storagebench.report;

/** The dataset could not be read or summarised; the message names the path and DuckDB's reason. */
public class ReportException extends RuntimeException {
    public ReportException(String message, Throwable cause) {
        super(message, cause);
    }
}
