package storagebench.importer;

import java.nio.file.Path;
import java.time.Instant;

/**
 * Everything the import of one file needs, built before the command's job starts.
 *
 * @param request the import's options
 * @param source the file
 * @param id the identities derived from it
 * @param experiment the run's experiment
 * @param attempt 1 for the first import of the file, higher when continuing an unfinished one
 * @param runStart when the run began: the log's first time ({@link LogStart}), else the first
 *     attempt's start; the origin of steps without a start of their own
 * @param history what the topic already holds of the run
 * @param quarantine where malformed records go
 * @param progress counts and tells how far it got
 */
record ImportContext(
        ImportRequest request,
        SourceFile source,
        ImportIdentity id,
        String experiment,
        int attempt,
        Instant runStart,
        ImportHistory history,
        Path quarantine,
        ImportProgress progress) {

    /** The host of the file's run ({@link ImportRequest#hostFor}). */
    String host() {
        return request.hostFor(source);
    }

    /** How the file's import ended: completed once its RunFinished is in the topic, else with {@code error}. */
    ImportOutcome outcome(String error) {
        TrialLedger.Totals totals = progress.finished();
        boolean completed = totals != null && error == null;
        return new ImportOutcome(
                id.runId(),
                experiment,
                source.name(),
                false,
                completed,
                progress.read(),
                progress.published(),
                totals == null ? 0 : totals.trials(),
                totals == null ? 0 : totals.failures(),
                totals == null ? 0 : totals.quarantined(),
                quarantine,
                progress.seconds(),
                completed ? null : error == null ? "stopped" : error,
                ignoredExperiment(request, experiment));
    }

    /**
     * What to tell a user whose {@code --experiment} names another experiment than the run's: a run keeps
     * the one it was first imported with (its events in the topic carry it); null when there is nothing
     * to tell.
     */
    static String ignoredExperiment(ImportRequest request, String experiment) {
        return request.experiment()
                .filter(asked -> !asked.equals(experiment))
                .map(
                        asked ->
                                "--experiment "
                                        + asked
                                        + " is not applied: a run keeps the experiment it was first"
                                        + " imported with ("
                                        + experiment
                                        + "); events in the topic are kept as written")
                .orElse(null);
    }
}
