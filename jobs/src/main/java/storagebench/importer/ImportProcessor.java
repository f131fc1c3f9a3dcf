package storagebench.importer;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.springframework.batch.infrastructure.item.ItemProcessor;
import storagebench.events.RunFinished;
import storagebench.events.RunStatus;
import storagebench.logformat.Parsed;
import storagebench.logformat.ParsedEvents;
import storagebench.logformat.QuarantineFile;

/**
 * Turns each placed record into its event: a TrialTimed per step, an IoSample per sample; nothing
 * for a malformed record, nor for one whose event the topic already has (a continued import). The
 * end of the file becomes the RunFinished, COMPLETED, with {@code quarantined=N} as its error when
 * records were quarantined (RunFinished has no field for it).
 */
final class ImportProcessor implements ItemProcessor<ImportItem, ImportProcessor.Outgoing> {

    /**
     * An event to publish; the last one carries the quarantine to publish before it.
     *
     * @param event the event
     * @param quarantine for the RunFinished: the quarantine, else null
     * @param totals for the RunFinished: the file's totals, else null
     */
    record Outgoing(SpecificRecord event, QuarantineFile quarantine, TrialLedger.Totals totals) {}

    private final ImportContext run;

    ImportProcessor(ImportContext run) {
        this.run = run;
    }

    @Override
    public Outgoing process(ImportItem item) {
        if (item instanceof ImportItem.End end) {
            return new Outgoing(finished(end.totals()), end.quarantine(), end.totals());
        }
        ImportItem.Numbered record = (ImportItem.Numbered) item;
        if (record.placement() == null || record.number() <= run.history().lastRecord()) {
            return null;
        }
        TrialLedger.Placement place = record.placement();
        ParsedEvents.Identity id =
                new ParsedEvents.Identity(
                        run.id().eventId(record.number(), record.parsed().line()),
                        run.id().runId(),
                        run.experiment(),
                        run.request().hostName(),
                        run.id().trialId(place.trialIndex()),
                        place.trialIndex(),
                        place.variant(),
                        place.factors(),
                        place.repetition(),
                        false,
                        Map.of());
        if (record.parsed() instanceof Parsed.Step step) {
            return new Outgoing(
                    ParsedEvents.step(step, step.step(), id, place.start()), null, null);
        }
        Parsed.Sample sample = (Parsed.Sample) record.parsed();
        return new Outgoing(ParsedEvents.sample(sample, sample.step(), id), null, null);
    }

    private RunFinished finished(TrialLedger.Totals totals) {
        return RunFinished.newBuilder()
                .setEventId(run.id().finishedId(run.attempt()))
                .setRunId(run.id().runId())
                .setExperiment(run.experiment())
                .setHost(run.request().hostName())
                .setAttempt(run.attempt())
                .setStatus(RunStatus.COMPLETED)
                .setTrials(totals.trials())
                .setFailures(totals.failures())
                .setError(totals.quarantined() > 0 ? "quarantined=" + totals.quarantined() : null)
                .setEndTime(Instant.now().truncatedTo(ChronoUnit.MICROS))
                .build();
    }
}
