package storagebench.importer;

import java.nio.file.Path;
import java.time.Instant;
import storagebench.events.EventPublisher;

/**
 * Everything one import's job needs, built before it starts.
 *
 * @param request the import's options
 * @param source the file
 * @param id the identities derived from it
 * @param experiment the run's experiment
 * @param attempt 1 for the first import of the file, higher when continuing an unfinished one
 * @param runStart the first attempt's start: the origin of steps without a start of their own
 * @param history what the topic already holds of the run
 * @param publisher sends the run's events
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
        EventPublisher publisher,
        Path quarantine,
        ImportProgress progress) {}
