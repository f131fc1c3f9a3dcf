package storagebench.runner;

import java.util.regex.Pattern;
import storagebench.BadInputException;
import storagebench.logformat.ControlCharacters;

/**
 * The shapes of the run ids storagebench makes, checked before an id given on the command line
 * becomes part of a path (a run's folder, its quarantine) or a query: a run
 * {@code yyyyMMdd-HHmmss-xxxx} ({@link ExperimentRun#newRunId()}), an import
 * {@code import-<format>-<16 hex digits>} ({@code ImportIdentity}).
 */
public final class RunId {
    private static final Pattern RUN = Pattern.compile("\\d{8}-\\d{6}-[0-9a-f]{4}");
    private static final Pattern IMPORT =
            Pattern.compile("import-[A-Za-z0-9_-]{1,40}-[0-9a-f]{16}");

    private RunId() {}

    public static boolean isValid(String id) {
        return id != null && (RUN.matcher(id).matches() || IMPORT.matcher(id).matches());
    }

    /**
     * Returns the id, or refuses it as bad input naming {@code option}.
     *
     * @param option where it was given, e.g. {@code --restart}
     */
    public static String validate(String id, String option) {
        if (!isValid(id)) {
            throw new BadInputException(
                    option
                            + ": '"
                            + printable(id)
                            + "' is not a run id: a run's is "
                            + "yyyyMMdd-HHmmss-xxxx (e.g. 20261130-101500-a3f9), an import's import-<format>-<16 hex digits>");
        }
        return id;
    }

    /** The id as it may be shown: control characters escaped, at most 80 characters. */
    private static String printable(String id) {
        String shown = ControlCharacters.escape(String.valueOf(id));
        return shown.length() <= 80 ? shown : shown.substring(0, 80) + "…";
    }
}
