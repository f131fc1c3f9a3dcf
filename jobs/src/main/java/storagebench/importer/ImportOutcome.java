package storagebench.importer;

import java.nio.file.Path;
import java.util.Locale;
import storagebench.logformat.QuarantineFile;

/**
 * How the import of one file ended.
 *
 * @param runId the run
 * @param experiment its experiment
 * @param file the file's name
 * @param alreadyImported the topic already held the completed run: nothing was published
 * @param completed the run is complete in the topic (now, or already)
 * @param records records read
 * @param events events published by this import
 * @param trials trials with a step
 * @param failures trials with a failed step
 * @param quarantined malformed records
 * @param quarantine the quarantine file, or null when none
 * @param seconds how long it took
 * @param error why it did not complete, or null
 * @param note what the user asked for that the import could not do, or null
 */
public record ImportOutcome(
        String runId,
        String experiment,
        String file,
        boolean alreadyImported,
        boolean completed,
        long records,
        long events,
        int trials,
        int failures,
        long quarantined,
        Path quarantine,
        double seconds,
        String error,
        String note) {

    /** The outcome of a file with the same content as this one's, given later to the same command. */
    ImportOutcome sameContent(String otherFile) {
        return new ImportOutcome(
                runId,
                experiment,
                otherFile,
                completed,
                completed,
                0,
                0,
                trials,
                failures,
                quarantined,
                quarantine,
                0,
                error,
                note);
    }

    /**
     * One line for the user; with records quarantined, a second saying why the first one was (the
     * others are in the quarantine).
     */
    public String summary() {
        StringBuilder text = new StringBuilder(line());
        if (quarantined > 0) {
            QuarantineFile.first(quarantine)
                    .ifPresent(
                            first -> text.append("\n  first quarantined record: ").append(first));
        }
        if (note != null) {
            text.append("\n  ").append(note);
        }
        return text.toString();
    }

    private String line() {
        if (alreadyImported) {
            return file
                    + " already imported as run "
                    + runId
                    + " (experiment "
                    + experiment
                    + "); nothing added"
                    + (quarantined > 0
                            ? "; " + quarantined + " record(s) quarantined in " + quarantine
                            : "");
        }
        if (!completed) {
            return file
                    + ": import "
                    + runId
                    + " did not complete: "
                    + error
                    + "; import the file again to continue";
        }
        return String.format(
                Locale.ROOT,
                "%s imported as run %s (experiment %s): %,d records, %,d events, %d trial(s), %d failed, "
                        + "%d quarantined%s in %.1f s (%,.0f records/s)",
                file,
                runId,
                experiment,
                records,
                events,
                trials,
                failures,
                quarantined,
                quarantined > 0 ? " (" + quarantine + ")" : "",
                seconds,
                records / Math.max(seconds, 1e-9));
    }
}
