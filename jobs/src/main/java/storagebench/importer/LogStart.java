package storagebench.importer;

import java.io.IOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Iterator;
import java.util.Optional;
import java.util.stream.Stream;
import storagebench.logformat.Parsed;

/**
 * When a log says its run began: the time of the first of its first {@value #LOOK_AHEAD} records that
 * carries one (a step's start, an IO sample's or a host row's interval start), to the microsecond, as
 * events keep times. A file read ahead here is read again by the import; one that does not read gives
 * nothing here, and the import says why.
 */
final class LogStart {
    static final int LOOK_AHEAD = 1_000;

    private LogStart() {}

    static Optional<Instant> of(ImportRequest request, SourceFile source) {
        try (Stream<Parsed> records = request.parser().records(source.path(), request.options())) {
            Iterator<Parsed> it = records.iterator();
            for (int i = 0; i < LOOK_AHEAD && it.hasNext(); i++) {
                Instant at = timeOf(it.next());
                if (at != null) {
                    return Optional.of(at.truncatedTo(ChronoUnit.MICROS));
                }
            }
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Instant timeOf(Parsed record) {
        if (record instanceof Parsed.Step step) {
            return step.start();
        } else if (record instanceof Parsed.Sample sample) {
            return sample.sample().getIntervalStart();
        } else if (record instanceof Parsed.HostRow row) {
            return row.intervalStart();
        }
        return null;
    }
}
