package storagebench.sink;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import storagebench.events.EventType;
import storagebench.events.TrialTimed;

/**
 * What every {@link Partitioner} promises, checked on every event type and on experiment names meant
 * to break a path: its folder is the type's table and Hive-style {@code key=value} parts, with the
 * {@code experiment} and {@code date} parts the dataset is queried by, taken from the type's
 * {@link EventType#experiment} and {@link EventType#partitionTime}; every part is a portable folder
 * name that stays inside the dataset; and the same event always goes to the same folder. Each
 * partitioner's test extends this and may add its own tests.
 */
public abstract class PartitionerContractTest {
    /** Experiment names that would leave the root, hide a folder, fake a part or not be a name at all. */
    protected static final List<String> HOSTILE =
            List.of(
                    "a/b",
                    "/absolute",
                    "../../outside",
                    "..",
                    ".",
                    ".hidden",
                    "x/../../y",
                    "k=v",
                    "experiment=x/date=2020-01-01",
                    "a b",
                    " lead",
                    "trail ",
                    "tab\there",
                    "new\nline",
                    "cr\rlf",
                    "nul\u0000",
                    "bell\u0007",
                    "del\u007f",
                    "esc\u001b[31m",
                    "C:\\tmp",
                    "a\\b",
                    "<>:\"|?*",
                    "%2F",
                    "%",
                    "~",
                    "+plus",
                    "\u00e9",
                    "\u65e5\u672c\u8a9e",
                    "\ud83d\ude80 rocket",
                    "\u202eevil",
                    "zero\u200bwidth",
                    "\ufeffbom",
                    "lone\ud800surrogate",
                    "x".repeat(10_000),
                    "x".repeat(10_000) + "y",
                    "\u00e9".repeat(1_000),
                    "/".repeat(300),
                    "%".repeat(300),
                    "a".repeat(150) + "/" + "b".repeat(150));

    /** Longest folder name most file systems take, in bytes. */
    private static final int NAME_MAX = 255;

    private static final Instant TIME = Instant.parse("2024-03-01T23:59:59.999999Z");

    private final Supplier<Partitioner> partitioners;
    private final Partitioner partitioner;

    @TempDir protected Path dir;

    /** @param partitioners a new partitioner under test each call, all alike */
    protected PartitionerContractTest(Supplier<Partitioner> partitioners) {
        this.partitioners = partitioners;
        this.partitioner = partitioners.get();
    }

    /** One event of each type, all of {@code experiment}, each partitioned by {@code time}. */
    protected static List<SpecificRecord> everyType(String experiment, Instant time) {
        return Arrays.stream(EventType.values())
                .map(type -> TestEvents.of(type, "r1", experiment, 0, time))
                .toList();
    }

    private String folderOf(SpecificRecord event) {
        return partitioner.folderOf(EventType.of(event), event);
    }

    /** The {@code key=value} parts after the table, in order. */
    private static Map<String, String> parts(String folder) {
        Map<String, String> parts = new LinkedHashMap<>();
        for (String part : folder.substring(folder.indexOf('/') + 1).split("/", -1)) {
            int eq = part.indexOf('=');
            assertThat(eq).as("%s: a key=value part", part).isPositive();
            assertThat(parts.put(part.substring(0, eq), part.substring(eq + 1)))
                    .as("%s: key twice", folder)
                    .isNull();
        }
        return parts;
    }

    private static String decoded(String value) {
        return URLDecoder.decode(value, StandardCharsets.UTF_8);
    }

    /** Whether the name survives UTF-8, as every event's text does on its way through the topic. */
    private static boolean encodable(String name) {
        return new String(name.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8)
                .equals(name);
    }

    @ParameterizedTest
    @EnumSource(EventType.class)
    void aFolderIsTheTableThenHiveStyleKeyValueParts(EventType type) {
        // given
        SpecificRecord event = TestEvents.of(type, "r1", "file-init", 0, TIME);

        // when
        String folder = folderOf(event);

        // then
        assertThat(folder).as(type.name()).startsWith(type.table() + "/");
        assertThat(parts(folder))
                .as(folder)
                .containsKeys("experiment", "date")
                .allSatisfy(
                        (key, value) -> {
                            assertThat(key).matches("[a-z][a-z0-9_]*");
                            assertThat(value).isNotEmpty().doesNotContain("=");
                        });
    }

    @Test
    void theExperimentAndDatePartsAreTheEventTypesAccessors() {
        // given a trial that ends the day after it starts, and a run that ends after it started
        TrialTimed trial = TestEvents.trial("r1", "file-init", 0, TIME);
        List<SpecificRecord> events = new ArrayList<>(everyType("file-init", TIME));
        events.add(trial);
        events.add(TestEvents.runFinished("r1", "file-init", 1, TIME.plusSeconds(86_400 * 3)));
        events.add(TestEvents.trial("r1", "file-init", 0, Instant.parse("1969-12-31T23:59:59Z")));
        assertThat(LocalDate.ofInstant(trial.getEndTime(), ZoneOffset.UTC))
                .isAfter(LocalDate.ofInstant(trial.getStartTime(), ZoneOffset.UTC));

        for (SpecificRecord event : events) {
            // when
            EventType type = EventType.of(event);
            Map<String, String> parts = parts(folderOf(event));

            // then
            assertThat(decoded(parts.get("experiment"))).isEqualTo(type.experiment(event));
            assertThat(parts.get("date"))
                    .as(type.name())
                    .isEqualTo(
                            LocalDate.ofInstant(type.partitionTime(event), ZoneOffset.UTC)
                                    .toString());
        }
    }

    @Test
    void hostileExperimentNamesBecomePortableFolderNamesThatDecodeBack() {
        for (String name : HOSTILE) {
            for (SpecificRecord event : everyType(name, TIME)) {
                // when
                String folder = folderOf(event);

                // then every part is a portable name of its own: no separator, dot folder, control,
                // invisible or other odd character (printable non-ASCII stays, for Spark)
                String shown = name.length() > 40 ? name.substring(0, 40) + "…" : name;
                for (String part : folder.split("/", -1)) {
                    assertThat(part)
                            .as(shown)
                            .matches("([A-Za-z0-9_%~=.-]|[^\\p{ASCII}\\p{C}\\p{Z}])+")
                            .doesNotStartWith(".")
                            .isNotIn(".", "..");
                    assertThat(part.getBytes(StandardCharsets.UTF_8).length)
                            .as(shown)
                            .isLessThanOrEqualTo(NAME_MAX);
                }
                String experiment = parts(folder).get("experiment");
                if (encodable(name) && name.length() <= 40) {
                    assertThat(decoded(experiment)).as(shown).isEqualTo(name);
                }
            }
        }
    }

    @Test
    void distinctExperimentNamesGetDistinctFolders() {
        // given every hostile name that survives UTF-8 (a lone surrogate is written as '?', in the
        // topic too)
        List<String> names = HOSTILE.stream().filter(PartitionerContractTest::encodable).toList();
        Set<String> folders = new HashSet<>();

        // when
        names.forEach(name -> folders.add(folderOf(TestEvents.trial("r1", name, 0, TIME))));

        // then
        assertThat(folders).hasSameSizeAs(names);
    }

    @Test
    void anEmptyExperimentIsHivesDefaultPartition() {
        // when
        String folder = folderOf(TestEvents.trial("r1", "", 0, TIME));

        // then
        assertThat(parts(folder)).containsEntry("experiment", "__HIVE_DEFAULT_PARTITION__");
    }

    @Test
    void everyFolderStaysInsideTheDatasetOnARealFileSystem() throws IOException {
        // given
        Path root = Files.createDirectory(dir.resolve("dataset"));
        Set<Path> made = new HashSet<>();

        // when a folder and a file in it are made for every event of every hostile name
        for (String name : HOSTILE) {
            for (SpecificRecord event : everyType(name, TIME)) {
                Path folder = Files.createDirectories(root.resolve(folderOf(event)));
                Files.writeString(folder.resolve("f"), "x");
                made.add(folder.toRealPath());
            }
        }

        // then each is under the root, where nothing else was made, and nothing is outside it
        assertThat(made).allSatisfy(folder -> assertThat(folder).startsWith(root.toRealPath()));
        try (Stream<Path> files = Files.walk(root)) {
            assertThat(
                            files.filter(Files::isRegularFile)
                                    .map(Path::getParent)
                                    .map(PartitionerContractTest::real))
                    .containsExactlyInAnyOrderElementsOf(made);
        }
        try (Stream<Path> top = Files.list(dir)) {
            assertThat(top).containsExactly(root);
        }
        try (Stream<Path> tables = Files.list(root)) {
            assertThat(tables.map(t -> t.getFileName().toString()))
                    .containsExactlyInAnyOrderElementsOf(
                            Arrays.stream(EventType.values()).map(EventType::table).toList());
        }
    }

    private static Path real(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void theSameEventGoesToTheSameFolderAlways() {
        // given events of every type, long names among them, and their first folders
        List<SpecificRecord> events = new ArrayList<>();
        for (String name :
                List.of("file-init", "a/b", "x".repeat(10_000), "\u00e9".repeat(1_000))) {
            events.addAll(everyType(name, TIME));
        }
        List<String> first = events.stream().map(this::folderOf).toList();

        // when asked again, for equal copies, by a new partitioner, and after many other names and
        // dates
        List<String> again = events.stream().map(this::folderOf).toList();
        List<String> copies =
                events.stream()
                        .map(e -> folderOf(SpecificData.get().deepCopy(e.getSchema(), e)))
                        .toList();
        Partitioner fresh = partitioners.get();
        List<String> fromFresh =
                events.stream().map(e -> fresh.folderOf(EventType.of(e), e)).toList();
        TrialTimed other = TestEvents.trial("r1", "other", 0, TIME);
        for (int i = 0; i < 20_000; i++) {
            other.setExperiment("other-" + i);
            other.setStartTime(TIME.plusSeconds(86_400L * i));
            folderOf(other);
        }
        List<String> later = events.stream().map(this::folderOf).toList();

        // then
        assertThat(List.of(again, copies, fromFresh, later)).containsOnly(first);
    }

    @Test
    void onlyTheExperimentAndThePartitionDateChooseTheFolder() {
        // given trials alike in experiment and date, and others not
        TrialTimed trial = TestEvents.trial("r1", "file-init", 0, TIME);
        TrialTimed otherRun = TestEvents.trial("r2", "file-init", 7, TIME.minusSeconds(3_600));
        TrialTimed otherExperiment = TestEvents.trial("r1", "file-grow", 0, TIME);
        TrialTimed nextDay = TestEvents.trial("r1", "file-init", 0, TIME.plusNanos(1_000));

        // when / then
        assertThat(folderOf(otherRun)).isEqualTo(folderOf(trial));
        Map<String, String> parts = parts(folderOf(trial));
        Map<String, String> experimentParts = parts(folderOf(otherExperiment));
        Map<String, String> nextDayParts = parts(folderOf(nextDay));
        assertThat(experimentParts.get("experiment")).isNotEqualTo(parts.get("experiment"));
        assertThat(experimentParts.get("date")).isEqualTo(parts.get("date"));
        assertThat(nextDayParts.get("date")).isNotEqualTo(parts.get("date"));
        assertThat(nextDayParts.get("experiment")).isEqualTo(parts.get("experiment"));
    }
}
