package storagebench.sink;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.events.EventType;

/**
 * What every {@link RecordWriter} promises, checked on real files: nothing written is visible before
 * {@link RecordWriter#commit()}; a commit makes every event written since the last one visible once,
 * in complete files of its table named by the writer's topic-partition and the offsets they hold, and
 * starts afresh; {@link RecordWriter#close()} drops only what is not committed, leaves no temporary
 * file, and may be called twice; {@code rows()} and {@code bytes()} count since the last commit.
 * Each writer's test extends this with a factory of writers.
 */
public abstract class RecordWriterContractTest {
    /** Opens a writer of one topic-partition's events into a dataset folder. */
    @FunctionalInterface
    protected interface Factory {
        RecordWriter open(Path datasetDir, String topic, int partition) throws IOException;
    }

    protected static final String TOPIC = "storagebench.events";
    private static final Instant DAY1 = Instant.parse("2024-01-01T12:00:00Z");

    private final Factory factory;

    @TempDir protected Path dir;

    /** What a test wrote, by event id: the offset and the type. */
    private final Map<String, Long> offsets = new HashMap<>();

    private final Map<String, EventType> types = new HashMap<>();

    protected RecordWriterContractTest(Factory factory) {
        this.factory = factory;
    }

    protected Path dataset() {
        return dir.resolve("dataset");
    }

    protected RecordWriter open(int partition) throws IOException {
        return factory.open(dataset(), TOPIC, partition);
    }

    /**
     * {@code n} events with ids of their own from {@code first} on: every type in turn, three
     * experiments, two days, so they spread over many folders.
     */
    protected static List<SpecificRecord> events(String run, int first, int n) {
        EventType[] types = EventType.values();
        List<SpecificRecord> events = new ArrayList<>();
        for (int i = first; i < first + n; i++) {
            String runId = run + "-" + i;
            String experiment = "exp-" + i % 3;
            Instant time = DAY1.plusSeconds(86_400L * (i % 2));
            events.add(TestEvents.of(types[i % types.length], runId, experiment, i, time));
        }
        return events;
    }

    /** Writes the events at offsets {@code firstOffset}, {@code firstOffset + step}, ... */
    private void write(
            RecordWriter writer, List<SpecificRecord> events, long firstOffset, long step)
            throws IOException {
        long offset = firstOffset;
        for (SpecificRecord event : events) {
            writer.write(event, offset);
            offsets.put(idOf(event), offset);
            types.put(idOf(event), EventType.of(event));
            offset += step;
        }
    }

    private static String idOf(SpecificRecord event) {
        return TestEvents.eventId(event);
    }

    /** Every regular file under the dataset. */
    private List<Path> files() throws IOException {
        if (!Files.exists(dataset())) {
            return List.of();
        }
        try (Stream<Path> paths = Files.walk(dataset())) {
            return paths.filter(Files::isRegularFile).toList();
        }
    }

    /** The files a reader of the dataset sees: those not hidden. */
    private List<Path> visibleFiles() throws IOException {
        return files().stream().filter(f -> !f.getFileName().toString().startsWith(".")).toList();
    }

    /** Each file's bytes, to tell that a later write or close left it alone. */
    private static Map<Path, byte[]> contents(Collection<Path> files) throws IOException {
        Map<Path, byte[]> contents = new HashMap<>();
        for (Path file : files) {
            contents.put(file, Files.readAllBytes(file));
        }
        return contents;
    }

    private List<Path> paths(List<RecordWriter.CommittedFile> files) {
        return files.stream().map(this::pathOf).toList();
    }

    private Path pathOf(RecordWriter.CommittedFile file) {
        return dataset().resolve(file.path());
    }

    /** The event ids in each Parquet file, read by DuckDB as users read the dataset: a file cut short fails. */
    private static Map<Path, List<String>> idsIn(Collection<Path> files) throws SQLException {
        Map<Path, List<String>> ids = new HashMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = c.createStatement()) {
            for (Path file : files) {
                List<String> inFile = new ArrayList<>();
                try (ResultSet rs =
                        s.executeQuery(
                                "SELECT event_id FROM read_parquet('"
                                        + file.toString().replace("'", "''")
                                        + "')")) {
                    while (rs.next()) {
                        inFile.add(rs.getString(1));
                    }
                }
                ids.put(file, inFile);
            }
        }
        return ids;
    }

    /**
     * Every committed file is a complete, visible file of its table under the dataset, named by the
     * writer's topic-partition and the first and last offset of the events in it; together they hold
     * {@code expected}, each once.
     */
    private void assertHold(
            List<RecordWriter.CommittedFile> committed,
            int partition,
            Collection<SpecificRecord> expected)
            throws SQLException {
        Map<Path, List<String>> ids = idsIn(paths(committed));
        List<String> all = new ArrayList<>();
        for (RecordWriter.CommittedFile file : committed) {
            Path path = pathOf(file);
            List<String> inFile = ids.get(path);
            assertThat(path).isRegularFile().startsWith(dataset());
            assertThat(path.getFileName()).hasToString(file.name().fileName());
            assertThat(file.name().belongsTo(TOPIC, partition)).as(file.name().toString()).isTrue();
            assertThat(dataset().relativize(path).getName(0)).hasToString(file.table());
            assertThat(inFile)
                    .hasSize((int) file.rows())
                    .isNotEmpty()
                    .allSatisfy(id -> assertThat(types.get(id).table()).isEqualTo(file.table()));
            assertThat(inFile.stream().mapToLong(offsets::get).min().orElseThrow())
                    .isEqualTo(file.name().firstOffset());
            assertThat(inFile.stream().mapToLong(offsets::get).max().orElseThrow())
                    .isEqualTo(file.name().lastOffset());
            all.addAll(inFile);
        }
        assertThat(all)
                .containsExactlyInAnyOrderElementsOf(
                        expected.stream().map(RecordWriterContractTest::idOf).toList());
    }

    @Test
    void aNewWriterHoldsNothingAndCommitsNothing() throws IOException {
        // given
        try (RecordWriter writer = open(0)) {
            // when
            long rows = writer.rows();
            long bytes = writer.bytes();
            List<RecordWriter.CommittedFile> committed = writer.commit();

            // then
            assertThat(rows).isZero();
            assertThat(bytes).isZero();
            assertThat(committed).isEmpty();
            assertThat(files()).isEmpty();
        }
    }

    @Test
    void nothingWrittenIsVisibleBeforeTheCommit() throws IOException {
        // given
        try (RecordWriter writer = open(0)) {
            // when
            write(writer, events("r", 0, 48), 0, 1);

            // then only hidden files, none with a finished file's name
            assertThat(visibleFiles()).isEmpty();
            assertThat(files())
                    .noneMatch(f -> DataFile.parse(f.getFileName().toString()).isPresent());
        }
    }

    @Test
    void rowsAndBytesCountWhatWasWrittenSinceTheLastCommit() throws IOException {
        try (RecordWriter writer = open(0)) {
            // given one event, then many
            write(writer, events("r", 0, 1), 0, 1);
            long rowsOfOne = writer.rows();
            long bytesOfOne = writer.bytes();
            write(writer, events("r", 1, 1999), 1, 1);

            // when
            long rows = writer.rows();
            long bytes = writer.bytes();
            writer.commit();

            // then
            assertThat(rowsOfOne).isOne();
            assertThat(bytesOfOne).isPositive();
            assertThat(rows).isEqualTo(2000);
            assertThat(bytes).isGreaterThan(bytesOfOne);
            assertThat(writer.rows()).isZero();
            assertThat(writer.bytes()).isZero();
        }
    }

    @Test
    void aCommitMakesEveryEventVisibleOnceInCompleteFilesNamedByTheirOffsets() throws Exception {
        // given events at offsets with gaps, as dead letters and duplicates leave them
        List<SpecificRecord> events = events("r", 0, 48);
        try (RecordWriter writer = open(3)) {
            write(writer, events, 5, 3);

            // when
            List<RecordWriter.CommittedFile> committed = writer.commit();

            // then
            assertHold(committed, 3, events);
            assertThat(committed.stream().mapToLong(RecordWriter.CommittedFile::rows).sum())
                    .isEqualTo(events.size());
            assertThat(visibleFiles()).containsExactlyInAnyOrderElementsOf(paths(committed));
            assertThat(files()).hasSameSizeAs(committed);
        }
    }

    @Test
    void aCommitStartsAfreshAndLeavesEarlierFilesAlone() throws Exception {
        try (RecordWriter writer = open(0)) {
            // given a first commit
            List<SpecificRecord> first = events("r", 0, 24);
            write(writer, first, 0, 1);
            List<RecordWriter.CommittedFile> before = writer.commit();
            Map<Path, byte[]> contents = contents(paths(before));

            // when the same folders get more events
            List<SpecificRecord> second = events("r", 24, 24);
            write(writer, second, 24, 1);
            List<RecordWriter.CommittedFile> after = writer.commit();

            // then new files after the first ones' offsets, the first ones as they were
            assertHold(after, 0, second);
            assertThat(paths(after)).doesNotContainAnyElementsOf(paths(before));
            long lastBefore =
                    before.stream().mapToLong(f -> f.name().lastOffset()).max().orElseThrow();
            assertThat(after)
                    .allSatisfy(f -> assertThat(f.name().firstOffset()).isGreaterThan(lastBefore));
            assertThat(contents(paths(before))).containsExactlyInAnyOrderEntriesOf(contents);
            assertThat(visibleFiles()).hasSize(before.size() + after.size());
        }
    }

    @Test
    void closingWithoutACommitLeavesNoTrace() throws IOException {
        // given
        RecordWriter writer = open(0);
        write(writer, events("r", 0, 48), 0, 1);

        // when
        writer.close();

        // then
        assertThat(files()).isEmpty();
    }

    @Test
    void closingDropsOnlyWhatIsNotCommitted() throws Exception {
        // given a commit, then events not committed
        RecordWriter writer = open(0);
        List<SpecificRecord> committedEvents = events("r", 0, 24);
        write(writer, committedEvents, 0, 1);
        List<RecordWriter.CommittedFile> committed = writer.commit();
        Map<Path, byte[]> contents = contents(paths(committed));
        write(writer, events("r", 24, 24), 24, 1);

        // when
        writer.close();

        // then the committed files alone remain, complete and as they were
        assertThat(files()).containsExactlyInAnyOrderElementsOf(paths(committed));
        assertThat(contents(files())).containsExactlyInAnyOrderEntriesOf(contents);
        assertHold(committed, 0, committedEvents);
    }

    @Test
    void closingTwiceIsHarmless() throws Exception {
        // given a writer closed once after a commit and writes, and one never used
        RecordWriter writer = open(0);
        List<SpecificRecord> events = events("r", 0, 8);
        write(writer, events, 0, 1);
        List<RecordWriter.CommittedFile> committed = writer.commit();
        write(writer, events("r", 8, 8), 8, 1);
        writer.close();
        RecordWriter unused = open(1);
        unused.close();

        // when
        writer.close();
        unused.close();

        // then
        assertThat(files()).containsExactlyInAnyOrderElementsOf(paths(committed));
        assertHold(committed, 0, events);
    }

    @Test
    void writersOfTwoPartitionsShareADatasetWithoutTouchingEachOthersFiles() throws Exception {
        // given two partitions' writers with events for the same folders at the same offsets
        List<SpecificRecord> ofZero = events("p0", 0, 24);
        List<SpecificRecord> ofOne = events("p1", 0, 24);
        RecordWriter zero = open(0);
        RecordWriter one = open(1);
        write(zero, ofZero, 0, 1);
        write(one, ofOne, 0, 1);

        // when one is closed without a commit, then the other commits
        one.close();
        List<RecordWriter.CommittedFile> committedOfZero = zero.commit();
        zero.close();

        // then the other's files are whole, and the closed one's gone
        assertHold(committedOfZero, 0, ofZero);
        assertThat(files()).containsExactlyInAnyOrderElementsOf(paths(committedOfZero));

        // and when the second writes again and commits, it has files of its own beside the first's
        try (RecordWriter again = open(1)) {
            write(again, ofOne, 0, 1);
            List<RecordWriter.CommittedFile> committedOfOne = again.commit();
            assertHold(committedOfOne, 1, ofOne);
            assertThat(paths(committedOfOne)).doesNotContainAnyElementsOf(paths(committedOfZero));
            assertHold(committedOfZero, 0, ofZero);
        }
    }

    @Test
    void hostileExperimentNamesStayInsideTheDataset() throws Exception {
        // given
        List<SpecificRecord> events = new ArrayList<>();
        int i = 0;
        for (String name :
                List.of(
                        "../../outside",
                        "/absolute",
                        ".hidden",
                        "..",
                        "a b\u0000\n",
                        "\u00e9".repeat(500))) {
            events.add(TestEvents.trial("r", name, i++, DAY1));
            events.add(TestEvents.ioSample("r", name, i++, DAY1));
        }
        try (RecordWriter writer = open(0)) {
            write(writer, events, 0, 1);

            // when
            List<RecordWriter.CommittedFile> committed = writer.commit();

            // then
            assertHold(committed, 0, events);
            assertThat(committed)
                    .allSatisfy(f -> assertThat(pathOf(f).normalize()).startsWith(dataset()));
            try (Stream<Path> top = Files.list(dir)) {
                assertThat(top).containsExactly(dataset());
            }
        }
    }
}
