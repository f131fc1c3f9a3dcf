package storagebench.importer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.specific.SpecificRecord;
import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ItemWriter;

/**
 * Publishes a chunk's events in one transaction and returns after the broker's acks, before the
 * chunk (and the reader's position) commits. The last chunk first publishes the quarantine file,
 * then the events with the RunFinished: once the topic says the import completed, its quarantine
 * is complete on disk.
 */
final class ImportWriter implements ItemWriter<ImportProcessor.Outgoing> {
    private final ImportContext run;

    ImportWriter(ImportContext run) {
        this.run = run;
    }

    @Override
    public void write(Chunk<? extends ImportProcessor.Outgoing> chunk) throws IOException {
        List<SpecificRecord> events = new ArrayList<>(chunk.size());
        ImportProcessor.Outgoing last = null;
        for (ImportProcessor.Outgoing outgoing : chunk) {
            events.add(outgoing.event());
            if (outgoing.quarantine() != null) {
                last = outgoing;
            }
        }
        if (last != null) {
            last.quarantine().publish();
        }
        run.publisher().publish(run.id().runId(), events);
        run.progress().published(events.size());
        if (last != null) {
            run.progress().finished(last.totals());
        }
    }
}
