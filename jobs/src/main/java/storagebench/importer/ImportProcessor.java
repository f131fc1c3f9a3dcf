package storagebench.importer;

import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.springframework.batch.infrastructure.item.ItemProcessor;
import storagebench.events.TrialRef;
import storagebench.logformat.Parsed;
import storagebench.logformat.ParsedEvents;
import storagebench.logformat.QuarantineFile;

/**
 * Turns each item into its event: the start of a file into its RunStarted, a TrialTimed per step, an
 * IoSample per sample, a HostSample per host row, the end of a file into its RunFinished ({@link ImportEvents}); nothing for a
 * malformed record, nor for one whose event the topic already has (a continued import).
 */
final class ImportProcessor implements ItemProcessor<ImportItem, ImportProcessor.Outgoing> {

    /**
     * An event to publish, and the item it came from.
     *
     * @param item the item
     * @param event its event
     */
    record Outgoing(ImportItem item, SpecificRecord event) {
        ImportContext run() {
            return item.run();
        }

        /** For a file's COMPLETED RunFinished: the quarantine to publish before it, else null. */
        QuarantineFile quarantine() {
            return item instanceof ImportItem.End end ? end.quarantine() : null;
        }
    }

    @Override
    public Outgoing process(ImportItem item) {
        ImportContext run = item.run();
        if (item instanceof ImportItem.Numbered record) {
            return record(run, record);
        } else if (item instanceof ImportItem.End end) {
            return new Outgoing(item, ImportEvents.completed(run, end.totals()));
        } else if (item instanceof ImportItem.Failed failed) {
            return new Outgoing(item, ImportEvents.failed(run, failed.error()));
        }
        return new Outgoing(item, ImportEvents.started(run));
    }

    private static Outgoing record(ImportContext run, ImportItem.Numbered record) {
        if (record.placement() == null || record.number() <= run.history().lastRecord()) {
            return null;
        }
        TrialLedger.Placement place = record.placement();
        ParsedEvents.Identity id =
                new ParsedEvents.Identity(
                        run.id().eventId(record.number(), record.parsed().line()),
                        new TrialRef(
                                run.id().runId(),
                                run.experiment(),
                                run.host(),
                                run.id().trialId(place.trialIndex()),
                                place.trialIndex(),
                                place.variant(),
                                place.factors(),
                                false),
                        place.repetition(),
                        Map.of());
        if (record.parsed() instanceof Parsed.Step step) {
            return new Outgoing(record, ParsedEvents.step(step, step.step(), id, place.start()));
        }
        if (record.parsed() instanceof Parsed.HostRow row) {
            return new Outgoing(record, ParsedEvents.host(row, row.step(), id));
        }
        Parsed.Sample sample = (Parsed.Sample) record.parsed();
        return new Outgoing(record, ParsedEvents.sample(sample, sample.step(), id));
    }
}
