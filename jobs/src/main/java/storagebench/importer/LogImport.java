package storagebench.importer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import storagebench.BadInputException;
import storagebench.ProcessLock;
import storagebench.batch.BatchContext;
import storagebench.batch.BatchJob;
import storagebench.batch.RunLock;
import storagebench.broker.KafkaConnection;
import storagebench.config.HostIdentity;
import storagebench.config.Settings;
import storagebench.events.EventPublisher;
import storagebench.logformat.ControlCharacters;
import storagebench.logformat.LineReader;
import storagebench.logformat.LogParser;
import storagebench.logformat.Parsed;

/**
 * Files imported as runs, one run per file: each checked before anything runs; then, for the whole
 * command, the run folders' locks, one producer ({@link ImportSlot}), one scan of the topic for every
 * file's history, and one Spring Batch job (see {@link ImportConfiguration}) that streams the files
 * the topic does not hold completed. An unfinished earlier import of a file is continued from what
 * the topic holds: records whose events are there are read again (for the ledger) and not published
 * again.
 */
public final class LogImport {
    private static final Logger log = LoggerFactory.getLogger(LogImport.class);

    private LogImport() {}

    /**
     * Checks a file before anything runs: in the format (judged on at most its first
     * {@value LogParser#SNIFF_LINES} lines, so a wrong file fails fast), readable, options accepted.
     */
    public static SourceFile check(ImportRequest request, Path file) {
        return check(request, file, false);
    }

    /**
     * As {@link #check(ImportRequest, Path)}; where {@code hostFromLog}, the file's run is of the host
     * its first lines name ({@link LogParser#hostIn}), and a file that names none, or a name the
     * setting {@code host.name} refuses, is refused.
     */
    public static SourceFile check(ImportRequest request, Path file, boolean hostFromLog) {
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
        SourceFile source = SourceFile.check(file);
        if (!hostFromLog) {
            return source;
        }
        String host =
                parser.hostIn(head)
                        .orElseThrow(
                                () ->
                                        new BadInputException(
                                                file
                                                        + ": --host-from-log: names no host in its"
                                                        + " first "
                                                        + LogParser.SNIFF_LINES
                                                        + " lines (iostat's and sar's logs name"
                                                        + " theirs); give --host"));
        HostIdentity.nameProblem(host)
                .ifPresent(
                        problem -> {
                            throw new BadInputException(
                                    file
                                            + ": --host-from-log: names host '"
                                            + ControlCharacters.escape(host)
                                            + "': "
                                            + problem
                                            + "; give --host");
                        });
        return source.withLoggedHost(host);
    }

    /**
     * Imports the files, each as its own run, through one job and one producer; {@code ended} is told
     * of each file's outcome as soon as it is known: a file already complete in the topic at once, the
     * others once their RunFinished is in (or the job stopped before). Returns the outcomes in the
     * files' order; a file with the same content as an earlier one of the command is imported once,
     * under the earlier one's run.
     */
    public static List<ImportOutcome> execute(
            Settings settings,
            KafkaConnection kafka,
            ImportRequest request,
            List<SourceFile> sources,
            Consumer<ImportOutcome> ended) {
        List<ImportIdentity> ids =
                sources.stream()
                        .map(
                                s ->
                                        ImportIdentity.of(
                                                s.sha256(),
                                                request.parser().name(),
                                                request.options()))
                        .toList();
        List<ImportIdentity> distinct = ids.stream().distinct().toList();
        List<ProcessLock> locks = new ArrayList<>(distinct.size());
        try {
            for (ImportIdentity id : distinct) {
                locks.add(RunLock.take(runDir(settings, id), id.runId()));
            }
            try (ImportSlot slot = ImportSlot.take(settings.runsDir());
                    EventPublisher publisher = new EventPublisher(kafka, slot.name())) {
                // The publisher first: taking the slot's transactional id ends what a killed import
                // left open under it, and the scan fences the other dead ones, so the histories
                // read
                // next are final.
                Map<String, ImportHistory> histories = ImportHistory.readAll(kafka, distinct);
                Map<String, ImportOutcome> outcomes = new HashMap<>();
                Consumer<ImportOutcome> told =
                        outcome -> {
                            outcomes.put(outcome.runId(), outcome);
                            ended.accept(outcome);
                        };
                Map<String, ImportContext> pending = new LinkedHashMap<>();
                for (int i = 0; i < sources.size(); i++) {
                    ImportIdentity id = ids.get(i);
                    ImportHistory history = histories.get(id.runId());
                    if (outcomes.containsKey(id.runId()) || pending.containsKey(id.runId())) {
                        continue;
                    } else if (history.completed() != null) {
                        told.accept(already(settings, request, sources.get(i), id, history));
                    } else {
                        pending.put(
                                id.runId(),
                                context(settings, request, sources.get(i), id, history));
                    }
                }
                if (!pending.isEmpty()) {
                    String error =
                            launch(new ImportBatch(List.copyOf(pending.values()), publisher, told));
                    for (ImportContext run : pending.values()) {
                        if (!outcomes.containsKey(run.id().runId())) {
                            String failure = run.progress().failure();
                            told.accept(run.outcome(failure != null ? failure : error));
                        }
                    }
                }
                return inFileOrder(sources, ids, outcomes, ended);
            }
        } finally {
            locks.forEach(ProcessLock::close);
        }
    }

    /** Each file's outcome; one with the same content as an earlier file is told of here. */
    private static List<ImportOutcome> inFileOrder(
            List<SourceFile> sources,
            List<ImportIdentity> ids,
            Map<String, ImportOutcome> outcomes,
            Consumer<ImportOutcome> ended) {
        List<ImportOutcome> inOrder = new ArrayList<>(sources.size());
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < sources.size(); i++) {
            ImportOutcome outcome = outcomes.get(ids.get(i).runId());
            if (!seen.add(outcome.runId())) {
                outcome = outcome.sameContent(sources.get(i).name());
                ended.accept(outcome);
            }
            inOrder.add(outcome);
        }
        return inOrder;
    }

    private static Path runDir(Settings settings, ImportIdentity id) {
        Path runDir = settings.runsDir().resolve(id.runId());
        try {
            Files.createDirectories(runDir);
        } catch (IOException e) {
            throw new BadInputException("cannot create " + runDir + ": " + e.getMessage());
        }
        return runDir;
    }

    private static Path quarantine(Settings settings, ImportIdentity id) {
        return settings.dataDir().resolve("quarantine").resolve(id.runId() + ".jsonl");
    }

    private static ImportOutcome already(
            Settings settings,
            ImportRequest request,
            SourceFile source,
            ImportIdentity id,
            ImportHistory history) {
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
                quarantine(settings, id),
                0,
                null,
                ImportContext.ignoredExperiment(request, history.completed().getExperiment()));
    }

    private static ImportContext context(
            Settings settings,
            ImportRequest request,
            SourceFile source,
            ImportIdentity id,
            ImportHistory history) {
        if (history.lastRecord() > 0) {
            log.info(
                    "continuing import {}: the topic has the events of its first {} records",
                    id.runId(),
                    history.lastRecord());
        }
        Instant runStart =
                history.firstStart() != null
                        ? history.firstStart()
                        : LogStart.of(request, source)
                                .orElseGet(() -> Instant.now().truncatedTo(ChronoUnit.MICROS));
        return new ImportContext(
                request,
                source,
                id,
                history.firstExperiment() != null
                        ? history.firstExperiment()
                        : request.experimentFor(source),
                history.starts() + 1,
                runStart,
                history,
                quarantine(settings, id),
                new ImportProgress(id.runId()));
    }

    /** Runs the batch's job; returns why it stopped before its end ("stopped" when it did not). */
    private static String launch(ImportBatch batch) {
        JobParameters parameters =
                new JobParametersBuilder()
                        .addString("run.id", batch.files().get(0).id().runId())
                        .addLong("files", (long) batch.files().size())
                        .toJobParameters();
        try {
            BatchContext context = new BatchContext();
            JobExecution execution =
                    context.run(ImportConfiguration.job(context, batch), parameters);
            return BatchJob.firstFailure(execution).orElse("stopped");
        } catch (Exception e) {
            throw new IllegalStateException(
                    "import of "
                            + batch.files().size()
                            + " file(s) could not be executed: "
                            + e.getMessage(),
                    e);
        }
    }
}
