package storagebench.logformat.sysstat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.BadInputException;
import storagebench.logformat.LineReader;
import storagebench.logformat.LogParserContractTest;
import storagebench.logformat.Parsed;

class IostatParserTest extends LogParserContractTest {
    private static final String HEADER =
            "Device            r/s     rkB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wkB/s"
                    + "   wrqm/s  %wrqm w_await wareq-sz     d/s     dkB/s   drqm/s  %drqm d_await"
                    + " dareq-sz     f/s f_await  aqu-sz  %util";

    IostatParserTest() {
        super(new IostatParser(), "iostat/*.txt");
    }

    /** iostat -x -t of two reports, S_TIME_FORMAT=ISO, {@code name} the device. */
    @Override
    protected String sample(String name) {
        return """
                Linux 6.1.0-27-amd64 (db1) \t2026-12-05 \t_x86_64_\t(2 CPU)

                2026-12-05T10:22:46+0000
                avg-cpu:  %%user   %%nice %%system %%iowait  %%steal   %%idle
                          58.42    0.02   12.56    0.72    0.00   28.28

                %1$s
                %2$s             26.97    445.12     1.05   3.76    0.72    16.50  404.57   6298.27    10.36   2.50    0.20    15.57   13.49   4345.48     0.00   0.00    0.27   322.18  147.51    0.13    0.12   3.22


                2026-12-05T10:22:47+0000
                avg-cpu:  %%user   %%nice %%system %%iowait  %%steal   %%idle
                           5.29    0.00   35.58   16.83    0.00   42.31

                %1$s
                %2$s           17586.00  70344.00     0.00   0.00    0.04     4.00    5.00     16.00     0.00   0.00   22.20     3.20    2.00      8.00     0.00   0.00    0.50     4.00    2.00   55.50    0.98  78.80
                """
                .formatted(HEADER, name);
    }

    @Override
    protected List<String> refused() {
        return List.of("sar/*.txt", "hammerdb/*.log", "pgbench/*.txt", "fio/*.json");
    }

    @Override
    protected List<Map<String, String>> optionExamples() {
        return List.of(
                Map.of("trial", "sampled-elsewhere", "zone", "Europe/Copenhagen"),
                Map.of("first", "interval", "interval-s", "1"));
    }

    private List<Parsed.HostRow> rows(Path file, Map<String, String> options) throws IOException {
        return parse(file, options).stream()
                .filter(Parsed.HostRow.class::isInstance)
                .map(Parsed.HostRow.class::cast)
                .toList();
    }

    private Path text(String name, String text) throws IOException {
        return write(name, text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void theFirstReportCountsSinceBootAndIsLeftOutTheOthersEndAtTheirTimes() throws IOException {
        // when
        List<Parsed> records = parse(fixture("x-t-iso.txt"));

        // then four intervals of 1 s, each a cpu and a device row, then the step spanning them
        List<Parsed.HostRow> rows =
                records.stream()
                        .filter(Parsed.HostRow.class::isInstance)
                        .map(Parsed.HostRow.class::cast)
                        .toList();
        assertThat(rows)
                .extracting(
                        r -> r.intervalStart().toString(),
                        Parsed.HostRow::source,
                        Parsed.HostRow::name)
                .startsWith(
                        tuple("2026-12-05T10:22:46Z", "cpu", "all"),
                        tuple("2026-12-05T10:22:46Z", "device", "vda"))
                .hasSize(8);
        assertThat(rows).allSatisfy(r -> assertThat(r.intervalMs()).isEqualTo(1000.0));
        assertThat(records.get(records.size() - 1))
                .isInstanceOfSatisfying(
                        Parsed.Step.class,
                        s -> {
                            assertThat(s.step()).isEqualTo("sampled");
                            assertThat(s.start()).isEqualTo(Instant.parse("2026-12-05T10:22:46Z"));
                            assertThat(s.durationNs()).isEqualTo(4_000_000_000L);
                            assertThat(s.metrics()).containsEntry("intervals", 4.0);
                        });
    }

    @Test
    void figuresBecomeTheLiveSamplersMetrics() throws IOException {
        // when
        Parsed.HostRow cpu = rows(fixture("x-t-iso.txt"), Map.of()).get(0);
        Parsed.HostRow device = rows(fixture("x-t-iso.txt"), Map.of()).get(3);

        // then shares of the interval, MiB per second, the await of every IO
        assertThat(cpu.metrics()).containsOnlyKeys("user", "system", "iowait", "steal", "idle");
        assertThat(List.of("user", "system", "iowait", "steal", "idle"))
                .map(cpu.metrics()::get)
                .usingElementComparator(
                        (a, b) -> Math.abs(a - b) < 1e-12 ? 0 : Double.compare(a, b))
                .containsExactly(0.0529, 0.3558, 0.1683, 0.0, 0.4231);
        assertThat(device.metrics())
                .containsEntry("reads_per_s", 14416.0)
                .containsEntry("writes_per_s", 2001.0)
                .containsEntry("read_mb_per_s", 57664.0 / 1024)
                .containsEntry("write_mb_per_s", 128004.0 / 1024)
                .containsEntry("util", 83.2 / 100)
                .containsEntry("queue_size", 0.79)
                .containsEntry("read_await_ms", 0.04)
                .containsEntry("write_await_ms", 0.08);
        assertThat(device.metrics().get("await_ms"))
                .isCloseTo(
                        (14416 * 0.04 + 2001 * 0.08) / (14416 + 2001),
                        org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void aReportWithoutIoHasNoAwait() throws IOException {
        // when a device line of no reads or writes (iostat -p ALL's idle loop devices)
        List<Parsed.HostRow> rows = rows(fixture("d-x-t-m-p-all.txt"), Map.of());

        // then
        assertThat(rows)
                .filteredOn(r -> r.name().equals("loop0"))
                .allSatisfy(
                        r ->
                                assertThat(r.metrics())
                                        .doesNotContainKey("await_ms")
                                        .containsEntry("util", 0.0));
        assertThat(rows).noneMatch(r -> r.source().equals("cpu"));
    }

    @Test
    void aSingleReportIsKeptSinceBootWithIntervalZero() throws IOException {
        // when
        List<Parsed> records = parse(fixture("x-t-once.txt"));

        // then
        assertThat(records)
                .filteredOn(Parsed.HostRow.class::isInstance)
                .hasSize(2)
                .allSatisfy(r -> assertThat(((Parsed.HostRow) r).intervalMs()).isZero());
        assertThat(records.get(records.size() - 1))
                .isInstanceOfSatisfying(
                        Parsed.Step.class,
                        s -> assertThat(s.metrics()).containsEntry("since_boot", 1.0));
    }

    @Test
    void withFirstIntervalTheFirstReportOfIostatYIsKept() throws IOException {
        // when
        List<Parsed.HostRow> rows = rows(fixture("x-t-y.txt"), Map.of("first", "interval"));

        // then both reports, the first lasting as long as the spacing to the second
        assertThat(rows)
                .extracting(r -> r.intervalStart().toString())
                .containsExactly(
                        "2026-12-05T10:27:29Z",
                        "2026-12-05T10:27:29Z",
                        "2026-12-05T10:27:30Z",
                        "2026-12-05T10:27:30Z");
    }

    @Test
    void timesWithoutAnOffsetAreReadInTheZoneGiven() throws IOException {
        // when the C locale's times, read as UTC and as Copenhagen's
        Parsed.HostRow utc = rows(fixture("x-t-c-locale.txt"), Map.of()).get(0);
        Parsed.HostRow cph =
                rows(fixture("x-t-c-locale.txt"), Map.of("zone", "Europe/Copenhagen")).get(0);

        // then
        assertThat(utc.intervalStart()).isEqualTo(Instant.parse("2026-12-05T10:22:53Z"));
        assertThat(cph.intervalStart()).isEqualTo(Instant.parse("2026-12-05T09:22:53Z"));
    }

    @Test
    void englishLocaleTimesWithAmPmRead() throws IOException {
        // given the sample with times as an English locale prints them
        Path file =
                text(
                        "en.txt",
                        sample("sda")
                                .replace("2026-12-05T10:22:46+0000", "12/05/2026 10:22:46 PM")
                                .replace("2026-12-05T10:22:47+0000", "12/05/2026 10:22:47 PM"));

        // when
        List<Parsed.HostRow> rows = rows(file, Map.of());

        // then
        assertThat(rows)
                .extracting(Parsed.HostRow::intervalStart)
                .containsOnly(Instant.parse("2026-12-05T22:22:46Z"));
    }

    @Test
    void badLinesAreQuarantinedWithTheirReasonsAndTheOthersRead() throws IOException {
        // when
        List<Parsed> records = parse(fixture("bad-lines.txt"));

        // then
        assertThat(records)
                .filteredOn(Parsed.Malformed.class::isInstance)
                .map(r -> (Parsed.Malformed) r)
                .extracting(Parsed.Malformed::line, Parsed.Malformed::reason)
                .containsExactly(
                        tuple(13L, "not a number in %user: '5,29'"),
                        tuple(
                                19L,
                                "not a date and time iostat -t prints: '2026-13-05T10:22:48+0000'"),
                        tuple(21L, "in a report whose time does not read (line 19)"),
                        tuple(24L, "in a report whose time does not read (line 19)"),
                        tuple(
                                27L,
                                "not a line of iostat -x -t output (a banner, a report time, an avg-cpu: or Device header, or the figures under one)"),
                        tuple(34L, "7 values where the header has 22"),
                        tuple(43L, "file ends mid-line"));
        assertThat(rows(fixture("bad-lines.txt"), Map.of()))
                .extracting(r -> r.intervalStart().toString(), Parsed.HostRow::name)
                .containsExactly(
                        tuple("2026-12-05T10:22:46Z", "vda"),
                        tuple("2026-12-05T10:22:48Z", "all"),
                        tuple("2026-12-05T10:22:48Z", "vdb"),
                        tuple("2026-12-05T10:22:49Z", "all"));
    }

    @Test
    void outputWithoutTimesOrWithoutXIsRefusedSayingWhy() throws IOException {
        // given iostat without -t, without -x, and sar's own output
        List<String> untimed =
                List.of(
                        "Linux 6.1.0 (db1) \t12/05/26 \t_x86_64_\t(2 CPU)",
                        "",
                        "avg-cpu:  %user   %nice %system %iowait  %steal   %idle",
                        "          58.42    0.02   12.56    0.72    0.00   28.28");
        List<String> plain =
                List.of(
                        "Linux 6.1.0 (db1) \t12/05/26 \t_x86_64_\t(2 CPU)",
                        "",
                        "12/05/26 10:22:42",
                        "Device             tps    kB_read/s    kB_wrtn/s    kB_dscd/s    kB_read    kB_wrtn    kB_dscd");
        List<String> sar =
                List.of(
                        "Linux 6.1.0 (db1) \t12/05/26 \t_x86_64_\t(2 CPU)",
                        "",
                        "10:23:14        CPU     %user     %nice   %system   %iowait    %steal     %idle",
                        "10:23:15        all     67.38      0.00     29.95      0.53      0.00      2.14");

        // then
        assertThat(parser().mismatch(untimed)).get().asString().contains("run iostat with -t");
        assertThat(parser().mismatch(plain)).get().asString().contains("run iostat with -x");
        assertThat(parser().mismatch(sar)).get().asString().contains("--format sar");
        assertThat(parser().mismatch(LineReader.head(fixture("x-t-once.txt")))).isEmpty();
    }

    @Test
    void badOptionValuesAreRefused() {
        Path file = dir.resolve("never-read");
        assertThatThrownBy(() -> parse(file, Map.of("first", "boot")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("since-boot or interval");
        assertThatThrownBy(() -> parse(file, Map.of("interval-s", "0")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("interval-s='0'");
        assertThatThrownBy(() -> parse(file, Map.of("zone", "Mars/Olympus")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("zone='Mars/Olympus'");
    }

    @Test
    void theHostIsTheBannersName() throws IOException {
        // given: the fixture's banner, Linux 6.18.44-fc-v1272 (vm) 2026-12-05 _x86_64_ (2 CPU)
        assertThat(parser().hostIn(LineReader.head(fixture("x-t-iso.txt")))).contains("vm");
        // and after blank lines, a name with a dot
        assertThat(
                        parser().hostIn(
                                        List.of(
                                                "",
                                                "Linux 6.1.0-18-amd64 (db1.example) \t12/05/26"
                                                        + " \t_x86_64_\t(8 CPU)")))
                .contains("db1.example");
        // and a file that does not start with the banner names none
        assertThat(parser().hostIn(List.of("2026-12-05T10:22:46+0000"))).isEmpty();
    }
}
