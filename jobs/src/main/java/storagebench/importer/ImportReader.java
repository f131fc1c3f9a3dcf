package storagebench.importer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.stream.Stream;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamReader;
import storagebench.batch.BatchJob;
import storagebench.logformat.Parsed;
import storagebench.logformat.QuarantineFile;

/**
 * The command's files as one item stream: for each, a {@link ImportItem.Begin}, its records, then an
 * {@link ImportItem.End}. Each file is read whole: every record passes the ledger, so the trials, the
 * totals and the quarantine of a continued import come out as if it had never stopped, and the
 * processor drops the records whose events the topic already holds ({@link
 * ImportHistory#lastRecord()}). A file that cannot be read on ends with an {@link ImportItem.Failed}
 * instead, and the next file follows: one bad file does not stop the others.
 */
final class ImportReader implements ItemStreamReader<ImportItem> {
    private final Iterator<ImportContext> files;
    private ImportContext run;
    private Stream<Parsed> stream;
    private Iterator<Parsed> records;
    private QuarantineFile quarantine;
    private TrialLedger ledger;
    private long number;

    ImportReader(ImportBatch batch) {
        this.files = batch.files().iterator();
    }

    @Override
    public void open(ExecutionContext context) {}

    @Override
    public ImportItem read() {
        if (run == null) {
            if (!files.hasNext()) {
                return null;
            }
            run = files.next();
            run.progress().begin();
            return new ImportItem.Begin(run);
        }
        try {
            if (records == null) {
                openFile();
            }
            if (records.hasNext()) {
                Parsed parsed = records.next();
                number++;
                TrialLedger.Placement placement = ledger.place(parsed);
                run.progress().read(number);
                return new ImportItem.Numbered(run, number, parsed, placement);
            }
            closeFile();
            ImportItem.End end = new ImportItem.End(run, ledger.totals(), quarantine);
            next();
            return end;
        } catch (IOException | RuntimeException e) {
            String error = run.source().path() + ": " + BatchJob.message(e);
            closeQuietly();
            return new ImportItem.Failed(next(), error);
        }
    }

    private void openFile() throws IOException {
        number = 0;
        quarantine = QuarantineFile.create(run.quarantine(), run.source().path());
        ledger = new TrialLedger(run.runStart(), run.request().factors(), quarantine::add);
        stream = run.request().parser().records(run.source().path(), run.request().options());
        records = stream.iterator();
    }

    /** The file just ended, and the reader on to the next. */
    private ImportContext next() {
        ImportContext ended = run;
        run = null;
        records = null;
        stream = null;
        quarantine = null;
        return ended;
    }

    private void closeFile() {
        try {
            stream.close();
        } catch (UncheckedIOException e) {
            // every record is read: a failure to close the file changes none of them
        }
    }

    private void closeQuietly() {
        try (QuarantineFile kept = quarantine) {
            if (stream != null) {
                stream.close();
            }
        } catch (IOException | RuntimeException e) {
            // the file is given up anyway
        }
    }

    @Override
    public void close() {
        if (run != null) {
            closeQuietly();
        }
    }
}
