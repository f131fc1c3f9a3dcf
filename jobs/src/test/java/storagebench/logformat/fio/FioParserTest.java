package storagebench.logformat.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.logformat.LineReader;
import storagebench.logformat.LogParserContractTest;
import storagebench.logformat.Parsed;

class FioParserTest extends LogParserContractTest {

    FioParserTest() {
        super(new FioParser(), "fio/*.json");
    }

    /** randwrite-8k-psync.json with the job named {@code name}. */
    @Override
    protected String sample(String name) {
        try {
            return Files.readString(fixture("randwrite-8k-psync.json"))
                    .replace("\"jobname\" : \"randwrite\"", "\"jobname\" : \"" + name + "\"");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    protected List<String> refused() {
        return List.of("pgbench/*.{txt,log}");
    }

    /** fio's output is read as whole JSON documents. */
    @Override
    protected boolean readsLines() {
        return false;
    }

    @Override
    protected List<Map<String, String>> optionExamples() {
        return List.of(Map.of("max-bytes", "1000000"));
    }

    private List<Parsed.Step> steps(String fixture) throws IOException {
        return parse(fixture(fixture)).stream().map(Parsed.Step.class::cast).toList();
    }

    @Test
    void aJobGivesAStepPerDirectionWithLatenciesInMicroseconds() throws IOException {
        // given
        String fixture = "randwrite-8k-psync.json";
        // when
        List<Parsed.Step> steps = steps(fixture);
        // then
        Parsed.Step write = steps.get(0);
        assertThat(steps).hasSize(1);
        assertThat(write.trial()).isEqualTo("randwrite");
        assertThat(write.step()).isEqualTo("write");
        assertThat(write.durationNs()).isEqualTo(2_001_000_000L);
        assertThat(write.error()).isNull();
        assertThat(write.metrics())
                .containsEntry("iops", 212798.10095)
                .containsEntry("bw_bytes", 1743242042.0)
                .containsEntry("io_bytes", 3488227328.0)
                .containsEntry("clat_p99_us", 6.816)
                .containsEntry("lat_max_us", 16101.255)
                .containsKeys(
                        "clat_p50_us",
                        "clat_p95_us",
                        "clat_p99_9_us",
                        "lat_mean_us",
                        "clat_mean_us")
                .doesNotContainKey("slat_mean_us"); // psync measures no submission latency
        assertThat(write.factors())
                .containsEntry("rw", "randwrite")
                .containsEntry("bs", "8k")
                .containsEntry("ioengine", "psync")
                .containsEntry("job", "randwrite")
                .containsEntry("fio_version", "fio-3.33")
                .doesNotContainKey("name");
    }

    @Test
    void jobOptionsOverrideGlobalOptions() throws IOException {
        // given two sections of one job file under [global]
        String fixture = "two-jobs.json";
        // when
        List<Parsed.Step> steps = steps(fixture);
        // then
        assertThat(steps)
                .extracting(Parsed.Step::trial, Parsed.Step::step)
                .containsExactly(tuple("rr", "read"), tuple("rw", "write"));
        assertThat(steps.get(0).factors())
                .containsEntry("rw", "randread")
                .containsEntry("bs", "4k")
                .containsEntry("size", "8M")
                .containsEntry("ioengine", "psync");
        assertThat(steps.get(1).factors())
                .containsEntry("rw", "randwrite")
                .containsEntry("bs", "4k");
    }

    @Test
    void aGroupReportedJobIsOneTrialTimedByItsDirectionsNotTheSummedJobRuntime()
            throws IOException {
        // given numjobs=2 and group_reporting: one entry whose job_runtime is 2000 ms for a 1 s run
        String fixture = "two-jobs-group-reporting.json";
        // when
        List<Parsed.Step> steps = steps(fixture);
        // then
        assertThat(steps).extracting(Parsed.Step::step).containsExactly("read", "write");
        assertThat(steps)
                .allSatisfy(
                        s -> {
                            assertThat(s.trial()).isEqualTo("mix");
                            assertThat(s.durationNs()).isEqualTo(1_001_000_000L);
                            assertThat(s.factors())
                                    .containsEntry("numjobs", "2")
                                    .containsEntry("rwmixread", "70");
                        });
    }

    @Test
    void clonesSharingAJobNameAreTrialsOfTheirOwn() throws IOException {
        // given numjobs=2 without group_reporting: two entries named "same"
        String fixture = "same-name-numjobs.json";
        // when
        List<Parsed.Step> steps = steps(fixture);
        // then
        assertThat(steps).extracting(Parsed.Step::trial).containsExactly("same/0", "same/1");
        assertThat(steps.get(0).factors()).isEqualTo(steps.get(1).factors());
    }

    @Test
    void fsyncsAreAStepOfTheirOwn() throws IOException {
        // when
        List<Parsed.Step> steps = steps("write-fsync.json");
        // then
        assertThat(steps).extracting(Parsed.Step::step).containsExactly("write", "sync");
        assertThat(steps.get(1).metrics())
                .containsEntry("total_ios", 2860.0)
                .containsKeys("lat_mean_us", "lat_p99_us");
    }

    @Test
    void jsonPlusParsesAndItsLatencyBinsAreIgnored() throws IOException {
        // when
        List<Parsed.Step> steps = steps("randwrite-8k-psync.jsonplus.json");
        // then
        assertThat(steps)
                .singleElement()
                .satisfies(
                        s ->
                                assertThat(s.metrics().keySet())
                                        .allMatch(k -> !k.contains("bin"))
                                        .contains("clat_p99_us"));
    }

    @Test
    void linesBeforeTheJsonAreSkipped() throws IOException {
        // given a "note: ..." line fio printed to the same output
        Path fixture = fixture("warning-before-json.json");
        // when
        List<Parsed.Step> steps = steps("warning-before-json.json");
        // then
        assertThat(Files.readAllLines(fixture).get(0)).startsWith("note:");
        assertThat(steps).singleElement().satisfies(s -> assertThat(s.line()).isGreaterThan(2));
    }

    @Test
    void withStatusIntervalTheLastCumulativeDocumentCounts() throws IOException {
        // given --status-interval=1 on a 3 s run: four documents
        Path fixture = fixture("status-interval.json");
        // when
        List<Parsed.Step> steps = steps("status-interval.json");
        // then
        assertThat(Files.readString(fixture).split("\"fio version\"", -1)).hasSize(5);
        assertThat(steps)
                .singleElement()
                .satisfies(
                        s -> {
                            assertThat(s.line()).isGreaterThan(800);
                            assertThat(s.durationNs()).isGreaterThanOrEqualTo(3_000_000_000L);
                        });
    }

    @Test
    void aTruncatedDocumentIsOneMalformedRecordAndNoSteps() throws IOException {
        // given
        byte[] whole = Files.readAllBytes(fixture("two-jobs.json"));
        Path cut = write("cut.json", Arrays.copyOf(whole, whole.length * 2 / 3));
        // when
        List<Parsed> records = parse(cut);
        // then
        assertThat(records)
                .singleElement()
                .isInstanceOfSatisfying(
                        Parsed.Malformed.class,
                        m -> assertThat(m.reason()).startsWith("truncated fio JSON"));
    }

    @Test
    void aTruncatedLastStatusDocumentGivesNoStepsFromTheEarlierOnes() throws IOException {
        // given
        byte[] whole = Files.readAllBytes(fixture("status-interval.json"));
        Path cut = write("cut-status.json", Arrays.copyOf(whole, whole.length - 100));
        // when / then
        assertThat(parse(cut)).singleElement().isInstanceOf(Parsed.Malformed.class);
    }

    @Test
    void aJsonDocumentThatIsNotFioIsRefusedNamingFio() throws IOException {
        // given
        Path other =
                write(
                        "other.json",
                        "{\n  \"name\": \"not fio\",\n  \"jobs\": []\n}\n"
                                .getBytes(StandardCharsets.UTF_8));
        // when
        List<Parsed> records = parse(other);
        // then
        assertThat(parser().mismatch(LineReader.head(other)))
                .get()
                .asString()
                .contains("fio version");
        assertThat(records)
                .singleElement()
                .isInstanceOfSatisfying(
                        Parsed.Malformed.class,
                        m -> assertThat(m.reason()).contains("fio version"));
    }

    @Test
    void aFileOverTheSizeCapIsRefusedNamingTheCap() throws IOException {
        // given
        Path fixture = fixture("two-jobs.json");
        // when
        List<Parsed> records = parse(fixture, Map.of("max-bytes", "1000"));
        // then
        assertThat(records)
                .singleElement()
                .isInstanceOfSatisfying(
                        Parsed.Malformed.class,
                        m -> assertThat(m.reason()).contains("at most 1000 bytes", "max-bytes"));
        assertThat(FioParser.DEFAULT_MAX_BYTES).isEqualTo(256L * 1024 * 1024);
        assertThatThrownBy(() -> parse(fixture, Map.of("max-bytes", "lots")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("max-bytes");
    }

    @Test
    void aFiftyMegabyteJsonStringIsRefusedNotRead() throws IOException {
        // given one line: {"fio version": "aaaa…50 MB…"}
        Path huge = dir.resolve("huge.json");
        byte[] chunk = new byte[1024 * 1024];
        Arrays.fill(chunk, (byte) 'a');
        try (OutputStream out = Files.newOutputStream(huge)) {
            out.write("{\"fio version\": \"".getBytes(StandardCharsets.UTF_8));
            for (int i = 0; i < 50; i++) {
                out.write(chunk);
            }
            out.write("\"}\n".getBytes(StandardCharsets.UTF_8));
        }
        // when
        List<Parsed> records = parse(huge);
        // then
        assertThat(records)
                .singleElement()
                .isInstanceOfSatisfying(
                        Parsed.Malformed.class,
                        m ->
                                assertThat(m.reason())
                                        .startsWith("invalid fio JSON")
                                        .contains("length"));
    }

    @Test
    void deeplyNestedJsonIsRefused() throws IOException {
        // given
        Path nested =
                write(
                        "nested.json",
                        ("{\"fio version\": \"fio-3.33\", \"jobs\": " + "[".repeat(10_000))
                                .getBytes(StandardCharsets.UTF_8));
        // when / then
        assertThat(parse(nested))
                .singleElement()
                .isInstanceOfSatisfying(
                        Parsed.Malformed.class,
                        m ->
                                assertThat(m.reason())
                                        .startsWith("invalid fio JSON")
                                        .contains("nesting"));
    }

    @Test
    void aLatin1JobNameIsReadWithReplacementCharacters() throws IOException {
        // given
        String json =
                Files.readString(fixture("randwrite-8k-psync.json"))
                        .replace("\"jobname\" : \"randwrite\"", "\"jobname\" : \"\u00e9criture\"");
        Path latin1 = write("latin1.json", json.getBytes(StandardCharsets.ISO_8859_1));
        // when
        List<Parsed> records = parse(latin1);
        // then
        assertThat(records)
                .singleElement()
                .isInstanceOfSatisfying(
                        Parsed.Step.class, s -> assertThat(s.trial()).isEqualTo("\ufffdcriture"));
    }

    @Test
    void aJobStartsWhenFioBeganTheReportTimeLessTheSecondsItHadRun() throws IOException {
        // given a report written at timestamp_ms 1796014645794 after "elapsed" : 3
        List<Parsed.Step> steps = steps("randwrite-8k-psync.json");
        // then
        assertThat(steps.get(0).start()).isEqualTo(Instant.ofEpochMilli(1796014642794L));
    }

    @Test
    void jobsOfOneGroupStartTogetherAndSoDoAJobsDirections() throws IOException {
        // when
        List<Parsed.Step> sections = steps("two-jobs.json");
        List<Parsed.Step> directions = steps("randrw-libaio-direct.json");
        // then
        assertThat(sections)
                .extracting(Parsed.Step::start)
                .doesNotContainNull()
                .containsOnly(sections.get(0).start());
        assertThat(directions)
                .hasSize(2)
                .extracting(Parsed.Step::start)
                .containsOnly(directions.get(0).start());
    }

    @Test
    void aGroupAfterAStonewallStartsWhenTheGroupBeforeItHadRun() throws IOException {
        // given [first] for 1001 ms, then [second] after stonewall; fio ran 3 s (rounded up)
        List<Parsed.Step> steps = steps("stonewall.json");
        // then
        assertThat(steps).extracting(Parsed.Step::trial).containsExactly("first", "second");
        assertThat(steps.get(0).start()).isEqualTo(Instant.ofEpochMilli(1796605302047L - 3000));
        assertThat(Duration.between(steps.get(0).start(), steps.get(1).start()))
                .isEqualTo(Duration.ofMillis(1001));
    }

    @Test
    void aJobsStartDelayAndRampTimeComeBeforeWhatFioMeasured() throws IOException {
        // given ramp_time=1 for all; [first] ran 1001 ms after it, then [second] after stonewall
        // and
        // startdelay=500ms; fio ran 5 s (rounded up) before 1796616736844
        List<Parsed.Step> steps = steps("ramp-startdelay.json");
        // then first is measured from its ramp's end, second from first's end, its delay and its
        // ramp
        long began = 1796616736844L - 5000;
        assertThat(steps)
                .extracting(Parsed.Step::start)
                .containsExactly(
                        Instant.ofEpochMilli(began + 1000),
                        Instant.ofEpochMilli(began + 1000 + 1001 + 500 + 1000));
    }

    @Test
    void groupsThatDoNotFitOneAfterAnotherStartTogether() throws IOException {
        // given the stonewall output as if fio had run 1 s: its groups' 2003 ms cannot have run in
        // turn
        String json =
                Files.readString(fixture("stonewall.json"))
                        .replace("\"elapsed\" : 3", "\"elapsed\" : 1");
        // when
        List<Parsed> records =
                parse(write("new-group.json", json.getBytes(StandardCharsets.UTF_8)));
        // then
        assertThat(records)
                .extracting(r -> ((Parsed.Step) r).start())
                .containsExactly(
                        Instant.ofEpochMilli(1796605301047L), Instant.ofEpochMilli(1796605301047L));
    }

    @Test
    void aJobStartOfItsOwnWinsWhenItIsOfTheRealTimeClock() throws IOException {
        // given fio's "job_start", as newer versions write it, once in real time and once monotonic
        String fixture = Files.readString(fixture("randwrite-8k-psync.json"));
        String real =
                fixture.replace(
                        "\"groupid\" : 0,", "\"groupid\" : 0, \"job_start\" : 1796014643100,");
        String monotonic =
                fixture.replace("\"groupid\" : 0,", "\"groupid\" : 0, \"job_start\" : 5123456,");
        // when
        List<Parsed> own = parse(write("own.json", real.getBytes(StandardCharsets.UTF_8)));
        List<Parsed> uptime =
                parse(write("uptime.json", monotonic.getBytes(StandardCharsets.UTF_8)));
        // then
        assertThat(((Parsed.Step) own.get(0)).start())
                .isEqualTo(Instant.ofEpochMilli(1796014643100L));
        assertThat(((Parsed.Step) uptime.get(0)).start())
                .isEqualTo(Instant.ofEpochMilli(1796014642794L));
    }

    @Test
    void figuresOutOfAnyClocksRangeGiveNoStartNotAFailure() throws IOException {
        // given
        String json =
                Files.readString(fixture("randwrite-8k-psync.json"))
                        .replace("\"elapsed\" : 3", "\"elapsed\" : 9223372036854775807");
        // when
        List<Parsed> records = parse(write("huge.json", json.getBytes(StandardCharsets.UTF_8)));
        // then
        assertThat(records)
                .singleElement()
                .isInstanceOfSatisfying(Parsed.Step.class, s -> assertThat(s.start()).isNull());
    }

    @Test
    void aDocumentWithoutATimeGivesStepsWithoutAStart() throws IOException {
        // given
        String json =
                Files.readString(fixture("randwrite-8k-psync.json"))
                        .replaceFirst("\"timestamp\" : \\d+,", "")
                        .replaceFirst("\"timestamp_ms\" : \\d+,", "");
        // when
        List<Parsed> records = parse(write("untimed.json", json.getBytes(StandardCharsets.UTF_8)));
        // then
        assertThat(json).doesNotContain("timestamp");
        assertThat(records)
                .singleElement()
                .satisfies(r -> assertThat(((Parsed.Step) r).start()).isNull());
    }

    @Test
    void aJobErrorFailsItsSteps() throws IOException {
        // given fio's "error" : 5 (EIO) on the job
        String json =
                Files.readString(fixture("randwrite-8k-psync.json"))
                        .replaceFirst("\"error\" : 0", "\"error\" : 5");
        Path failed = write("eio.json", json.getBytes(StandardCharsets.UTF_8));
        // when
        List<Parsed> records = parse(failed);
        // then
        assertThat(records)
                .singleElement()
                .isInstanceOfSatisfying(
                        Parsed.Step.class, s -> assertThat(s.error()).contains("error 5"));
    }

    @Test
    void latenciesAreDividedNotMultiplied() throws IOException {
        // given clat mean 3371.856079 ns
        List<Parsed.Step> steps = steps("randwrite-8k-psync.json");
        // then
        assertThat(steps.get(0).metrics().get("clat_mean_us")).isEqualTo(3371.856079 / 1000);
    }
}
