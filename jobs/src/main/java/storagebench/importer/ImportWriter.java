package storagebench.importer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.specific.SpecificRecord;
import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ItemWriter;
import storagebench.logformat.QuarantineFile;

/**
 * Publishes a chunk's events, of one file or several, in one Kafka transaction, each keyed by its
 * own run, and returns once the broker has acknowledged them: either all of them are in the topic or
 * none. So the topic holds, for each file, its events up to some record, in order: a continued import
 * knows where it was. A file's quarantine is published before the transaction that carries its
 * RunFinished; each file whose RunFinished is in is told of once the transaction commits.
 */
final class ImportWriter implements ItemWriter<ImportProcessor.Outgoing> {
    private final ImportBatch batch;

    ImportWriter(ImportBatch batch) {
        this.batch = batch;
    }

    @Override
    public void write(Chunk<? extends ImportProcessor.Outgoing> chunk) throws IOException {
        List<SpecificRecord> events = new ArrayList<>(chunk.size());
        for (ImportProcessor.Outgoing outgoing : chunk) {
            events.add(outgoing.event());
            QuarantineFile quarantine = outgoing.quarantine();
            if (quarantine != null) {
                quarantine.publish();
            }
        }
        batch.publisher().publishEach(events);
        for (ImportProcessor.Outgoing outgoing : chunk) {
            committed(outgoing);
        }
    }

    private void committed(ImportProcessor.Outgoing outgoing) {
        ImportContext run = outgoing.run();
        ImportProgress progress = run.progress();
        if (outgoing.item() instanceof ImportItem.Begin) {
            progress.started();
        } else if (outgoing.item() instanceof ImportItem.End end) {
            progress.published(1);
            progress.finished(end.totals());
            batch.ended().accept(run.outcome(null));
        } else if (outgoing.item() instanceof ImportItem.Failed failed) {
            progress.failed(failed.error());
            batch.ended().accept(run.outcome(failed.error()));
        } else {
            progress.published(1);
        }
    }
}
