package storagebench.importer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.Sha256;
import storagebench.compare.ChangePoint;
import storagebench.compare.Trend;
import storagebench.compare.Trends;
import storagebench.events.Outcome;
import storagebench.events.RunStarted;
import storagebench.events.TrialRef;
import storagebench.events.TrialTimed;
import storagebench.logformat.LogParsers;
import storagebench.sink.FanOutWriter;
import storagebench.sink.HivePartitioner;
import storagebench.sink.ParquetFormat;
import storagebench.sink.RecordWriter;
import storagebench.sink.TestEvents;
import storagebench.storage.LocalStore;

/**
 * Imported runs count like any other: 60 nights of a published start/end table ({@code timing-log}),
 * each file one run, turned into events by the importer's own reader and processor and written as the
 * sink writes them, give {@code trend} the same change point as the same durations recorded as a
 * run's trials.
 */
class ImportedTrendTest {
    private static final int NIGHTS = 60;
    private static final int STEP = 40;
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS", Locale.ROOT)
                    .withZone(ZoneOffset.UTC);
    private static final Instant NIGHT_1 = Instant.parse("2026-09-01T02:00:00Z");

    @TempDir Path dir;

    /** Each night's five setup durations in milliseconds: 1% noise, 8% slower from night 40 on. */
    private static long[][] nights() {
        SplittableRandom random = new SplittableRandom(60);
        long[][] ms = new long[NIGHTS][5];
        for (int n = 0; n < NIGHTS; n++) {
            double level = (n >= STEP ? 1.08 : 1) * (1 + 0.01 * random.nextGaussian());
            for (int t = 0; t < 5; t++) {
                ms[n][t] = Math.round(1000 * level * (1 + 0.01 * random.nextGaussian()));
            }
        }
        return ms;
    }

    /** Night {@code n}'s trial {@code t} starts here. */
    private static Instant start(int n, int t) {
        return NIGHT_1.plusSeconds(86_400L * n + 60L * t);
    }

    @Test
    void sixtyImportedNightsFindTheChangeTheSameRunsWouldHave() throws Exception {
        // given: the nights as timing logs, one file each
        long[][] ms = nights();
        List<Path> files = new ArrayList<>();
        for (int n = 0; n < NIGHTS; n++) {
            StringBuilder log = new StringBuilder("server,test,start,end\n");
            for (int t = 0; t < 5; t++) {
                log.append("vm,create,")
                        .append(TIME.format(start(n, t)))
                        .append(',')
                        .append(TIME.format(start(n, t).plusMillis(ms[n][t])))
                        .append('\n');
            }
            files.add(Files.writeString(dir.resolve(String.format("night-%02d.csv", n)), log));
        }
        Path parquet = dir.resolve("parquet");
        // when: imported, and the same durations written as a run's trials
        List<SpecificRecord> events = imported(files);
        events.addAll(asRuns(ms, variantOf(events)));
        write(parquet, events);
        Trend imported = Trends.of(parquet, "imported", "duration", 5).get(0);
        Trend run = Trends.of(parquet, "run", "duration", 5).get(0);
        // then: 60 runs each, one change at night 40, the same in every figure
        assertThat(imported.runs()).hasSize(NIGHTS);
        assertThat(imported.runs().get(0).runId()).startsWith("import-timing-log-");
        assertThat(run.runs()).hasSize(NIGHTS);
        assertThat(imported.changePoints()).hasSize(1);
        assertThat(run.changePoints()).hasSize(1);
        ChangePoint i = imported.changePoints().get(0);
        ChangePoint r = run.changePoints().get(0);
        assertThat(i.index()).isEqualTo(STEP).isEqualTo(r.index());
        assertThat(i.start()).isEqualTo(start(STEP, 0)).isEqualTo(r.start());
        assertThat(i.meanBefore()).isCloseTo(r.meanBefore(), within(1e-12));
        assertThat(i.beforeLow()).isCloseTo(r.beforeLow(), within(1e-12));
        assertThat(i.beforeHigh()).isCloseTo(r.beforeHigh(), within(1e-12));
        assertThat(i.meanAfter()).isCloseTo(r.meanAfter(), within(1e-12));
        assertThat(i.afterLow()).isCloseTo(r.afterLow(), within(1e-12));
        assertThat(i.afterHigh()).isCloseTo(r.afterHigh(), within(1e-12));
        assertThat(i.p()).isEqualTo(r.p());
        assertThat(i.worse()).isTrue().isEqualTo(r.worse());
        assertThat(i.ratio()).isBetween(1.06, 1.10);
        assertThat(imported.regression()).isEqualTo(run.regression());
        assertThat(imported.verdict().replace(i.runId(), "R"))
                .isEqualTo(run.verdict().replace(r.runId(), "R"));
    }

    /** The events of importing {@code files} as {@code import --format timing-log} makes them. */
    private List<SpecificRecord> imported(List<Path> files) throws Exception {
        ImportRequest request =
                new ImportRequest(
                        LogParsers.find("timing-log").orElseThrow(),
                        Map.of(),
                        Optional.of("imported"),
                        Optional.of("vm"),
                        Map.of());
        List<ImportContext> runs = new ArrayList<>();
        for (Path file : files) {
            SourceFile source = LogImport.check(request, file);
            ImportIdentity id =
                    ImportIdentity.of(source.sha256(), request.parser().name(), request.options());
            runs.add(
                    new ImportContext(
                            request,
                            source,
                            id,
                            request.experimentFor(source),
                            1,
                            Instant.parse("2026-12-01T00:00:00Z"),
                            ImportHistory.NONE,
                            dir.resolve("quarantine").resolve(id.runId() + ".jsonl"),
                            new ImportProgress(id.runId())));
        }
        ImportReader reader = new ImportReader(new ImportBatch(runs, null, outcome -> {}));
        ImportProcessor processor = new ImportProcessor();
        List<SpecificRecord> events = new ArrayList<>();
        for (ImportItem item = reader.read(); item != null; item = reader.read()) {
            ImportProcessor.Outgoing out = processor.process(item);
            if (out != null) {
                events.add(out.event());
            }
            if (item instanceof ImportItem.End end) {
                end.quarantine().close();
            }
        }
        reader.close();
        return events;
    }

    /** The variant label the importer gave the nights' trials. */
    private static String variantOf(List<SpecificRecord> events) {
        return events.stream()
                .filter(TrialTimed.class::isInstance)
                .map(e -> ((TrialTimed) e).getVariant())
                .findFirst()
                .orElseThrow();
    }

    /** The same durations as a run records them: a run per night, its trials timed the same. */
    private static List<SpecificRecord> asRuns(long[][] ms, String variant) {
        List<SpecificRecord> events = new ArrayList<>();
        for (int n = 0; n < NIGHTS; n++) {
            String runId = String.format("20260901-%02d", n);
            RunStarted started = TestEvents.runStarted(runId, "run", start(n, 0));
            events.add(
                    RunStarted.newBuilder(started)
                            .setConfigSha256(Sha256.hex(started.getConfigText()))
                            .build());
            for (int t = 0; t < 5; t++) {
                TrialRef trial =
                        new TrialRef(
                                runId,
                                "run",
                                "vm",
                                runId + "/" + t,
                                t,
                                variant,
                                new HashMap<>(Map.of("server", "vm", "test", "create")),
                                false);
                events.add(
                        trial.stamp(TrialTimed.newBuilder(), "setup")
                                .setEventId(runId + "/" + t + "/setup")
                                .setRepetition(t)
                                .setStartTime(start(n, t))
                                .setEndTime(start(n, t).plusMillis(ms[n][t]))
                                .setDurationNs(ms[n][t] * 1_000_000)
                                .setOutcome(Outcome.OK)
                                .setMetrics(new HashMap<>())
                                .build());
            }
        }
        return events;
    }

    private static void write(Path parquet, List<SpecificRecord> events) throws Exception {
        try (RecordWriter writer =
                new FanOutWriter(
                        new LocalStore(parquet),
                        "t",
                        0,
                        new HivePartitioner(),
                        new ParquetFormat(1 << 20))) {
            long offset = 0;
            for (SpecificRecord event : events) {
                writer.write(event, offset++);
            }
            writer.commit();
        }
    }
}
