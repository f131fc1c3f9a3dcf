package storagebench.importer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import storagebench.BadInputException;
import storagebench.ProcessLock;
import storagebench.batch.BatchContext;
import storagebench.batch.BatchJob;
import storagebench.batch.RunLock;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.events.EventPublisher;
import storagebench.logformat.LineReader;
import storagebench.logformat.LogParser;
import storagebench.logformat.Parsed;

/**
 * One file imported as one run: checked before anything runs, then a Spring Batch job (see
 * {@link ImportConfiguration}) unless the topic already holds the completed run. An unfinished
 * earlier import of the same file is continued from what the topic holds: records whose events are
 * there are read again (for the ledger) and not published again.
 */
public final class LogImport {
    private static final Logger log = LoggerFactory.getLogger(LogImport.class);

    private LogImport() {}

    /**
     * Checks a file before anything runs: in the format (judged on at most its first
     * {@value LogParser#SNIFF_LINES} lines, so a wrong file fails fast), readable, options accepted.
     */
    public static SourceFile check(ImportRequest request, Path file) {
        LogParser parser = request.parser();
        SourceFile.checkReadable(file);
        List<String> head;
        try {
            head = LineReader.head(file);
        } catch (IOException e) {
            throw new BadInputException(file + ": cannot be read: " + e.getMessage());
        }
        parser.mismatch(head)
                .ifPresent(
                        reason -> {
                            throw new BadInputException(
                                    file + ": not a " + parser.name() + " file: " + reason);
                        });
        try (Stream<Parsed> records = parser.records(file, request.options())) {
            records.iterator().hasNext();
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        } catch (IOException | UncheckedIOException e) {
            throw new BadInputException(file + ": cannot be read: " + e.getMessage());
        }
        return SourceFile.check(file);
    }

    public static ImportOutcome execute(
            Settings settings, KafkaConnection kafka, ImportRequest request, SourceFile source) {
        ImportIdentity id =
                ImportIdentity.of(source.sha256(), request.parser().name(), request.options());
        String experiment = request.experimentFor(source);
        Path runDir = settings.runsDir().resolve(id.runId());
        try {
            Files.createDirectories(runDir);
        } catch (IOException e) {
            throw new BadInputException("cannot create " + runDir + ": " + e.getMessage());
        }
        Path quarantine = settings.dataDir().resolve("quarantine").resolve(id.runId() + ".jsonl");
        try (ProcessLock lock = RunLock.take(runDir, id.runId());
                EventPublisher publisher = new EventPublisher(kafka, id.runId())) {
            // The publisher first: taking the import's transactional id ends what a killed import
            // left open,
            // so the history read next is final.
            ImportHistory history = ImportHistory.read(kafka, id);
            if (history.completed() != null) {
                return new ImportOutcome(
                        id.runId(),
                        history.completed().getExperiment(),
                        source.name(),
                        true,
                        true,
                        0,
                        0,
                        history.completed().getTrials(),
                        history.completed().getFailures(),
                        history.quarantined(),
                        quarantine,
                        0,
                        null);
            }
            if (history.lastRecord() > 0) {
                log.info(
                        "continuing import {}: the topic has the events of its first {} records",
                        id.runId(),
                        history.lastRecord());
            }
            Instant runStart =
                    history.firstStart() != null
                            ? history.firstStart()
                            : Instant.now().truncatedTo(ChronoUnit.MICROS);
            ImportContext run =
                    new ImportContext(
                            request,
                            source,
                            id,
                            experiment,
                            history.starts() + 1,
                            runStart,
                            history,
                            publisher,
                            quarantine,
                            new ImportProgress(id.runId()));
            return launch(run);
        }
    }

    private static ImportOutcome launch(ImportContext run) {
        JobParameters parameters =
                new JobParametersBuilder()
                        .addString("run.id", run.id().runId())
                        .addString("run.start", run.runStart().toString())
                        .toJobParameters();
        try (ConfigurableApplicationContext context =
                BatchContext.start(ImportConfiguration.class, Map.of("importContext", run))) {
            JobExecution execution = BatchJob.run(context, parameters);
            ImportProgress progress = run.progress();
            TrialLedger.Totals totals = progress.finished();
            boolean completed = execution.getStatus() == BatchStatus.COMPLETED && totals != null;
            String error = BatchJob.firstFailure(execution).orElse(completed ? null : "stopped");
            return new ImportOutcome(
                    run.id().runId(),
                    run.experiment(),
                    run.source().name(),
                    false,
                    completed,
                    progress.read(),
                    progress.published(),
                    totals == null ? 0 : totals.trials(),
                    totals == null ? 0 : totals.failures(),
                    totals == null ? 0 : totals.quarantined(),
                    run.quarantine(),
                    progress.seconds(),
                    error);
        } catch (Exception e) {
            throw new IllegalStateException(
                    "import " + run.id().runId() + " could not be executed: " + e.getMessage(), e);
        }
    }
}
