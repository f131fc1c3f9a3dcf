package storagebench.importer;

import java.util.Map;
import java.util.TreeMap;
import storagebench.Sha256;

/**
 * The identities of an import, derived only from what decides its records: the file's content
 * (SHA-256), the format and the parser's options. The same file imported again, from anywhere,
 * under any name, gets the same run id and the same event ids, so the topic can tell it already has
 * them. {@code --experiment}, {@code --host} and {@code --factor} only label a run: they are not part
 * of its identity, so relabelling a file cannot import it twice.
 *
 * <ul>
 * <li>run id: {@code import-<format>-<first 16 hex digits of SHA-256("storagebench-import/v1", file
 * SHA-256, format, sorted options)>};
 * <li>a record's event: {@code <run-id>/<n>-L<line>}, n counting the parser's records from 1 (its
 * position in the file's records: fixed for given bytes, format and options), line where it was read;
 * <li>trial: {@code <run-id>-t<index, 4 digits>}, indexes in order of first appearance of a trial key;
 * <li>RunStarted and RunFinished: {@code <run-id>/started/<attempt>}, {@code <run-id>/finished/<attempt>}.
 * </ul>
 *
 * @param runId the run's id
 */
public record ImportIdentity(String runId) {
    private static final String SCHEME = "storagebench-import/v1";

    public static ImportIdentity of(String fileSha256, String format, Map<String, String> options) {
        StringBuilder canonical = new StringBuilder();
        field(canonical, SCHEME);
        field(canonical, fileSha256);
        field(canonical, format);
        new TreeMap<>(options)
                .forEach(
                        (k, v) -> {
                            field(canonical, k);
                            field(canonical, v);
                        });
        String hash = Sha256.hex(canonical.toString()).substring(0, 16);
        return new ImportIdentity(
                "import-" + format.replaceAll("[^A-Za-z0-9_-]", "_") + "-" + hash);
    }

    /** Length-prefixed, so no two different inputs give the same text. */
    private static void field(StringBuilder out, String value) {
        out.append(value.length()).append(':').append(value).append('\n');
    }

    public String eventId(long ordinal, long line) {
        return runId + "/" + ordinal + "-L" + line;
    }

    /** The record number of one of this run's record event ids, or -1 for any other id. */
    public long ordinalOf(String eventId) {
        String prefix = runId + "/";
        int dash = eventId.indexOf("-L", prefix.length());
        if (!eventId.startsWith(prefix) || dash < 0) {
            return -1;
        }
        try {
            return Long.parseLong(eventId.substring(prefix.length(), dash));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    public String trialId(int index) {
        return runId + "-t" + String.format("%04d", index);
    }

    public String startedId(int attempt) {
        return runId + "/started/" + attempt;
    }

    public String finishedId(int attempt) {
        return runId + "/finished/" + attempt;
    }
}
