package storagebench.importer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.stream.Stream;
import org.springframework.batch.infrastructure.item.support.AbstractItemCountingItemStreamItemReader;
import storagebench.logformat.Parsed;
import storagebench.logformat.QuarantineFile;

/**
 * The file's records as the job's item stream, then one {@link ImportItem.End}. Its position (items
 * read) is saved in the step's execution context at every chunk commit; a restarted job reads the
 * file again from the start up to that position, feeding the skipped records to the ledger, so the
 * trials, the totals and the quarantine come out as if it had never stopped.
 */
final class ImportReader extends AbstractItemCountingItemStreamItemReader<ImportItem> {
    private final ImportContext run;
    private Stream<Parsed> stream;
    private Iterator<Parsed> records;
    private QuarantineFile quarantine;
    private TrialLedger ledger;
    private long number;
    private boolean ended;

    ImportReader(ImportContext run) {
        this.run = run;
        setName("records");
    }

    @Override
    protected void doOpen() throws IOException {
        quarantine = QuarantineFile.create(run.quarantine(), run.source().path());
        ledger = new TrialLedger(run.runStart(), run.request().factors(), quarantine);
        stream = run.request().parser().records(run.source().path(), run.request().options());
        records = stream.iterator();
        number = 0;
        ended = false;
    }

    @Override
    protected ImportItem doRead() {
        if (records.hasNext()) {
            Parsed parsed = records.next();
            number++;
            TrialLedger.Placement placement = ledger.place(parsed);
            run.progress().read(number);
            return new ImportItem.Numbered(number, parsed, placement);
        }
        if (!ended) {
            ended = true;
            return new ImportItem.End(ledger.totals(), quarantine);
        }
        return null;
    }

    @Override
    protected void jumpToItem(int itemIndex) {
        for (int i = 0; i < itemIndex && doRead() != null; i++) {
            // read through to the saved position: the ledger sees every record
        }
    }

    @Override
    protected void doClose() throws IOException {
        try {
            if (stream != null) {
                stream.close();
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } finally {
            if (quarantine != null) {
                quarantine.close();
            }
        }
    }
}
