package storagebench.importer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.stream.Stream;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamException;
import org.springframework.batch.infrastructure.item.ItemStreamReader;
import storagebench.logformat.Parsed;
import storagebench.logformat.QuarantineFile;

/**
 * The file's records as the job's item stream, then one {@link ImportItem.End}. It always reads the
 * whole file: every record passes the ledger, so the trials, the totals and the quarantine of a
 * continued import come out as if it had never stopped, and the processor drops the records whose
 * events the topic already holds ({@link ImportHistory#lastRecord()}).
 */
final class ImportReader implements ItemStreamReader<ImportItem> {
    private final ImportContext run;
    private Stream<Parsed> stream;
    private Iterator<Parsed> records;
    private QuarantineFile quarantine;
    private TrialLedger ledger;
    private long number;
    private boolean ended;

    ImportReader(ImportContext run) {
        this.run = run;
    }

    @Override
    public void open(ExecutionContext context) {
        try {
            quarantine = QuarantineFile.create(run.quarantine(), run.source().path());
            ledger = new TrialLedger(run.runStart(), run.request().factors(), quarantine);
            stream = run.request().parser().records(run.source().path(), run.request().options());
        } catch (IOException e) {
            throw new ItemStreamException(run.source().path() + ": " + e.getMessage(), e);
        }
        records = stream.iterator();
        number = 0;
        ended = false;
    }

    @Override
    public ImportItem read() {
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
    public void close() {
        try (QuarantineFile kept = quarantine) {
            if (stream != null) {
                stream.close();
            }
        } catch (UncheckedIOException e) {
            throw new ItemStreamException(e.getCause().getMessage(), e.getCause());
        } catch (IOException e) {
            throw new ItemStreamException(e.getMessage(), e);
        }
    }
}
