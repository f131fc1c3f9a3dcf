package storagebench.logformat.sysstat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.logformat.LineReader;
import storagebench.logformat.LogParserContractTest;
import storagebench.logformat.Parsed;

class SarParserTest extends LogParserContractTest {

    SarParserTest() {
        super(new SarParser(), "sar/*.txt");
    }

    /** sadf -d of two intervals, CPU and devices, {@code name} the device. */
    @Override
    protected String sample(String name) {
        return """
                # hostname;interval;timestamp;CPU;%%user;%%nice;%%system;%%iowait;%%steal;%%idle
                vm;1;2026-12-05 10:23:14 UTC;-1;67.38;0.00;29.95;0.53;0.00;2.14
                vm;1;2026-12-05 10:23:15 UTC;-1;54.40;0.00;40.41;1.55;0.00;3.63
                # hostname;interval;timestamp;DEV;tps;rkB/s;wkB/s;dkB/s;areq-sz;aqu-sz;await;%%util
                vm;1;2026-12-05 10:23:14 UTC;%1$s;10355.00;40612.00;19532.00;0.00;5.81;0.89;0.08;76.80
                vm;1;2026-12-05 10:23:15 UTC;%1$s;13406.00;54160.00;0.00;0.00;4.04;0.80;0.06;79.60
                """
                .formatted(name);
    }

    @Override
    protected boolean fixedFieldCount() {
        return true;
    }

    @Override
    protected List<String> refused() {
        return List.of("iostat/*.txt", "hammerdb/*.log", "pgbench/*.txt", "fio/*.json");
    }

    @Override
    protected List<Map<String, String>> optionExamples() {
        return List.of(Map.of("trial", "sampled-elsewhere", "zone", "Europe/Copenhagen"));
    }

    private List<Parsed.HostRow> rows(Path file, Map<String, String> options) throws IOException {
        return parse(file, options).stream()
                .filter(Parsed.HostRow.class::isInstance)
                .map(Parsed.HostRow.class::cast)
                .toList();
    }

    @Test
    void everySectionReadBecomesRowsOfItsSourceAndMemoryAndPressureAreOneRowPerInterval()
            throws IOException {
        // when
        List<Parsed.HostRow> rows = rows(fixture("sadf-d.txt"), Map.of());

        // then per interval of 1 s: cpu all, two cores, the device, memory and pressure
        assertThat(rows)
                .filteredOn(r -> r.intervalStart().equals(rows.get(0).intervalStart()))
                .extracting(Parsed.HostRow::source, Parsed.HostRow::name)
                .containsExactlyInAnyOrder(
                        tuple("cpu", "all"),
                        tuple("core", "cpu0"),
                        tuple("core", "cpu1"),
                        tuple("device", "vda"),
                        tuple("memory", "all"),
                        tuple("pressure", "all"));
        assertThat(rows)
                .hasSize(6 * 4)
                .allSatisfy(r -> assertThat(r.intervalMs()).isEqualTo(1000.0));
        assertThat(rows)
                .filteredOn(r -> r.source().equals("memory"))
                .first()
                .satisfies(
                        r ->
                                assertThat(r.metrics())
                                        .containsOnlyKeys(
                                                "used_bytes",
                                                "cached_bytes",
                                                "dirty_bytes",
                                                "available_bytes",
                                                "swap_used_bytes"));
        assertThat(rows)
                .filteredOn(r -> r.source().equals("pressure"))
                .first()
                .satisfies(
                        r ->
                                assertThat(r.metrics())
                                        .containsOnlyKeys(
                                                "cpu_some",
                                                "io_some",
                                                "io_full",
                                                "memory_some",
                                                "memory_full"));
    }

    @Test
    void usedBytesAreTotalLessAvailableAsTheLiveSamplersWithRAll() throws IOException {
        // given -r ALL: total = free + used + buffers + cached + slab
        Path file =
                write(
                        "r-all.txt",
                        ("# hostname;interval;timestamp;kbmemfree;kbavail;kbmemused;%memused;kbbuffers;kbcached;kbcommit;%commit;kbactive;kbinact;kbdirty;kbanonpg;kbslab;kbkstack;kbpgtbl;kbvmused\n"
                                        + "vm;1;2026-12-05 10:23:14 UTC;23263852;24084764;220500;0.89;20248;922272;819824;3.32;577820;475408;836;125116;256876;2112;3124;14860\n")
                                .getBytes(StandardCharsets.UTF_8));

        // when
        Parsed.HostRow memory = rows(file, Map.of()).get(0);

        // then MemTotal 24683748 kB less MemAvailable
        assertThat(memory.metrics())
                .containsEntry("used_bytes", (24683748.0 - 24084764) * 1024)
                .containsEntry("cached_bytes", 922272.0 * 1024)
                .containsEntry("dirty_bytes", 836.0 * 1024)
                .containsEntry("available_bytes", 24084764.0 * 1024);
        assertThat(memory.intervalStart()).isEqualTo(Instant.parse("2026-12-05T10:23:13Z"));
    }

    @Test
    void plainRLeavesUsedBytesOutAndEpochSecondsRead() throws IOException {
        // when sadf -d -U of -u ALL -P ALL -r
        List<Parsed.HostRow> rows = rows(fixture("sadf-d-U-u-all-r.txt"), Map.of());

        // then
        assertThat(rows)
                .filteredOn(r -> r.source().equals("memory"))
                .allSatisfy(
                        r ->
                                assertThat(r.metrics())
                                        .doesNotContainKey("used_bytes")
                                        .containsKey("available_bytes"));
        assertThat(rows)
                .filteredOn(r -> r.source().equals("cpu"))
                .first()
                .satisfies(
                        r ->
                                assertThat(r.metrics().get("system"))
                                        .as("%sys + %irq + %soft")
                                        .isCloseTo(
                                                0.2842 + 0.0383,
                                                org.assertj.core.data.Offset.offset(1e-12)));
        assertThat(rows.get(0).intervalStart()).isEqualTo(Instant.ofEpochSecond(1796466453));
    }

    @Test
    void frequencyJoinsEachCpuRowOfItsIntervalAsTheLiveSamplersFreqMhz() throws IOException {
        // when sadf -d of -u -P ALL -m CPU -r ALL: the MHz section comes after the CPU one
        List<Parsed.HostRow> rows = rows(fixture("sadf-d-m-cpu.txt"), Map.of());

        // then one row per CPU and interval, with its frequency among its shares
        assertThat(rows)
                .filteredOn(r -> !r.source().equals("memory"))
                .hasSize(3 * 4)
                .allSatisfy(
                        r ->
                                assertThat(r.metrics())
                                        .containsOnlyKeys(
                                                "user",
                                                "system",
                                                "iowait",
                                                "steal",
                                                "idle",
                                                "freq_mhz")
                                        .containsEntry("freq_mhz", 2096.03));
        assertThat(rows)
                .filteredOn(r -> r.intervalStart().equals(Instant.parse("2026-12-05T11:15:49Z")))
                .extracting(Parsed.HostRow::source, Parsed.HostRow::name)
                .containsExactlyInAnyOrder(
                        tuple("cpu", "all"),
                        tuple("core", "cpu0"),
                        tuple("core", "cpu1"),
                        tuple("memory", "all"));
    }

    @Test
    void aFrequencyOfItsOwnIsARowOfItsOwn() throws IOException {
        // given -m CPU alone
        Path file =
                write(
                        "m.txt",
                        ("# hostname;interval;timestamp;CPU;MHz\n"
                                        + "vm;1;2026-12-05 10:23:14 UTC;-1;1200.00\n"
                                        + "vm;1;2026-12-05 10:23:14 UTC;0;1197.50\n")
                                .getBytes(StandardCharsets.UTF_8));

        // when
        List<Parsed.HostRow> rows = rows(file, Map.of());

        // then
        assertThat(rows)
                .extracting(Parsed.HostRow::source, Parsed.HostRow::name, Parsed.HostRow::metrics)
                .containsExactly(
                        tuple("cpu", "all", Map.of("freq_mhz", 1200.0)),
                        tuple("core", "cpu0", Map.of("freq_mhz", 1197.5)));
    }

    @Test
    void devicesHaveTpsForSarGivesNoReadsAndWritesApart() throws IOException {
        // when
        Parsed.HostRow device =
                rows(write("d.txt", sample("vda").getBytes(StandardCharsets.UTF_8)), Map.of())
                        .stream()
                        .filter(r -> r.source().equals("device"))
                        .findFirst()
                        .orElseThrow();

        // then
        assertThat(device.metrics())
                .containsOnlyKeys(
                        "tps", "read_mb_per_s", "write_mb_per_s", "await_ms", "queue_size", "util")
                .containsEntry("tps", 10355.0)
                .containsEntry("read_mb_per_s", 40612.0 / 1024)
                .containsEntry("await_ms", 0.08)
                .containsEntry("util", 76.8 / 100);
    }

    @Test
    void timesWithoutUtcAreReadInTheZoneGiven() throws IOException {
        // given sadf -d -t's local time
        Path file =
                write(
                        "t.txt",
                        sample("vda").replace(" UTC;", ";").getBytes(StandardCharsets.UTF_8));

        // when
        Parsed.HostRow row = rows(file, Map.of("zone", "Europe/Copenhagen")).get(0);

        // then
        assertThat(row.intervalStart()).isEqualTo(Instant.parse("2026-12-05T09:23:13Z"));
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
                        tuple(1L, "no section header (# hostname;interval;timestamp;…) before it"),
                        tuple(5L, "8 fields where its section's header (line 2) has 10"),
                        tuple(7L, "not a number in %user: '54,40'"),
                        tuple(
                                8L,
                                "not a time sadf -d prints (yyyy-MM-dd HH:mm:ss [UTC], or seconds with -U): '2026-12-05 25:23:15 UTC'"),
                        tuple(9L, "interval not a number of seconds above 0: '0'"),
                        tuple(10L, "not a CPU number: 'x'"),
                        tuple(
                                11L,
                                "a comment that is not a section header (# hostname;interval;timestamp;…)"),
                        tuple(15L, "file ends mid-line"));
        assertThat(rows(fixture("bad-lines.txt"), Map.of()))
                .extracting(Parsed.HostRow::source, Parsed.HostRow::name)
                .containsExactly(
                        tuple("cpu", "all"),
                        tuple("core", "cpu0"),
                        tuple("device", "vda"),
                        tuple("device", "vda"));
    }

    @Test
    void sarsOwnOutputIsRefusedPointingToSadf() {
        List<String> sar =
                List.of(
                        "Linux 6.1.0 (db1) \t12/05/26 \t_x86_64_\t(2 CPU)",
                        "",
                        "10:23:14        CPU     %user     %nice   %system   %iowait    %steal     %idle");
        assertThat(parser().mismatch(sar)).get().asString().contains("sadf -d FILE");
    }

    @Test
    void theHostIsSadfsHostnameColumn() throws IOException {
        // given: the fixture's rows, of host vm
        List<String> head = LineReader.head(fixture("sadf-d.txt"));
        assertThat(parser().hostIn(head)).contains("vm");
        // and a file with no row yet names none
        assertThat(
                        parser().hostIn(
                                        List.of(
                                                "# hostname;interval;timestamp;CPU;%user;%nice;%system;"
                                                        + "%iowait;%steal;%idle")))
                .isEmpty();
    }
}
