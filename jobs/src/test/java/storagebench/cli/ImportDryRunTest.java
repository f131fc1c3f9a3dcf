package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code import --dry-run}: what each file would become, with no broker and nothing written. */
class ImportDryRunTest {
    @TempDir Path dir;

    private static Path fixture(String name) throws Exception {
        return Path.of(ImportDryRunTest.class.getResource("/importer/" + name).toURI());
    }

    @Test
    void eachFileSaysWhatItWouldBecomeAndNothingIsWritten() throws Exception {
        // given
        Path data = dir.resolve("data");
        Path bad =
                Files.writeString(
                        dir.resolve("bad.csv"), "step,seconds\nrestore,10\nrestore,eleven\n");
        // when
        CommandOutput logs =
                CommandOutput.of(
                        "import",
                        "--data-dir",
                        data.toString(),
                        "--format",
                        "hammerdb",
                        "--experiment",
                        "nightly",
                        "--factor",
                        "plan=balanced",
                        "--dry-run",
                        fixture("hammerdb/log-then-profile.log").toString());
        CommandOutput strict =
                CommandOutput.of(
                        "import",
                        "--data-dir",
                        data.toString(),
                        "--format",
                        "csv",
                        "--option",
                        "map.duration_s=seconds",
                        "--strict",
                        "--dry-run",
                        bad.toString());
        // then
        assertThat(logs.exitCode()).as(logs.err()).isZero();
        assertThat(logs.out())
                .contains("log-then-profile.log would be run import-hammerdb-")
                .contains(
                        " (experiment nightly, host imported): 12 records, 2 trial(s), 0 failed, 0 quarantined; it"
                                + " starts 2024-06-04 08:18:38 UTC\n")
                .contains(
                        "  variants (2):\n"
                                + "    virtual-users=1, database=PostgreSQL, plan=balanced\n"
                                + "    virtual-users=2, database=PostgreSQL, plan=balanced\n")
                .contains(
                        "  steps: run, run.neword, run.payment, run.delivery, run.slev, run.ostat\n")
                .endsWith("dry run: nothing was imported (leave out --dry-run to import)\n");
        assertThat(strict.exitCode()).isEqualTo(Main.FAILED);
        assertThat(strict.out())
                .contains("1 quarantined; it starts when imported (the log says no time)\n")
                .contains("  variant: default\n")
                .contains("  first quarantined record: line 3: ");
        assertThat(data).doesNotExist();
    }

    @Test
    void moreThanThreeFilesAreALineEachAndTheirVariantsTogether() throws Exception {
        // given five nights of one HammerDB test, a day apart, named for their nights, and a copy
        // of
        // the first
        String log = Files.readString(fixture("hammerdb/hammerdb-log-tpm-first.log"));
        List<String> args = new ArrayList<>(List.of("import", "--format", "hammerdb", "--dry-run"));
        for (int night = 1; night <= 5; night++) {
            args.add(
                    Files.writeString(
                                    dir.resolve("hammerdb-2023-03-0" + night + ".log"),
                                    log.replace(
                                            "Wed Mar 08 14:40:05",
                                            "Wed Mar 0" + night + " 14:40:05"))
                            .toString());
        }
        args.add(Files.copy(Path.of(args.get(4)), dir.resolve("copy-of-the-first.log")).toString());
        // when
        CommandOutput result = CommandOutput.of(args.toArray(String[]::new));
        // then
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out().lines().filter(l -> l.contains(" would be run "))).hasSize(5);
        assertThat(result.out())
                .doesNotContain("  variant: virtual-users=70, database=SQL Server\nhammerdb-")
                .containsPattern(
                        "copy-of-the-first.log: the same content as hammerdb-2023-03-01.log, so the"
                                + " same run import-hammerdb-\\w+: nothing more would be imported\n")
                .contains(
                        "the 5 files together: 5 records, 5 trial(s), 0 failed, 0 quarantined; their"
                                + " runs start from 2023-03-01 13:42:05 UTC to 2023-03-05 13:42:05 UTC\n"
                                + "  experiment: hammerdb\n"
                                + "  host: imported\n"
                                + "  variant: virtual-users=70, database=SQL Server\n"
                                + "  steps: run\n"
                                + "dry run: nothing was imported");
    }

    @Test
    void aGzippedLogIsReadAsItsTextAndIsTheSameRunAsIt() throws Exception {
        // given a HammerDB log, the same gzipped, and a gzip cut short
        Path log = fixture("hammerdb/hammerdb-log-tpm-first.log");
        byte[] gzipped = gzip(Files.readAllBytes(log));
        Path gz = Files.write(dir.resolve("hammerdb-log-tpm-first.log.gz"), gzipped);
        Path cut =
                Files.write(dir.resolve("cut.log.gz"), Arrays.copyOf(gzipped, gzipped.length - 20));
        // when
        CommandOutput both =
                CommandOutput.of(
                        "import",
                        "--format",
                        "hammerdb",
                        "--dry-run",
                        log.toString(),
                        gz.toString());
        CommandOutput damaged =
                CommandOutput.of("import", "--format", "hammerdb", "--dry-run", cut.toString());
        // then
        assertThat(both.exitCode()).as(both.err()).isZero();
        assertThat(both.out())
                .containsPattern(
                        "hammerdb-log-tpm-first.log.gz: the same content as"
                                + " hammerdb-log-tpm-first.log, so the same run import-hammerdb-\\w+");
        assertThat(damaged.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(damaged.err())
                .contains(cut + ": cannot be read: a gzip file cut short or damaged (")
                .doesNotContain("\tat ");
    }

    private static byte[] gzip(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(bytes);
        }
        return out.toByteArray();
    }

    @Test
    void anEventsExportIsNotDryRun() {
        CommandOutput result =
                CommandOutput.of("import", "--format", "events", "--dry-run", "history.avro");
        assertThat(result.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(result.err()).contains("--dry-run reads logs");
    }

    @Test
    void hostFromLogTakesEachFilesOwnAndRefusesANameTheSettingRefuses() throws Exception {
        // given: two iostat logs of two machines, the second's name not a host's
        Path db1 = dir.resolve("db1-iostat.txt");
        Path bad = dir.resolve("bad-iostat.txt");
        String log = Files.readString(fixture("iostat/x-t-iso.txt"));
        Files.writeString(db1, log.replaceFirst("\\(vm\\)", "(db1)"));
        Files.writeString(bad, log.replaceFirst("\\(vm\\)", "(db 2)"));
        // when
        CommandOutput one = dryRunWithHostsFromLogs(db1);
        CommandOutput both = dryRunWithHostsFromLogs(db1, bad);
        // then
        assertThat(one.exitCode()).as(one.err()).isZero();
        assertThat(one.out()).contains("(experiment iostat-db1-iostat, host db1)");
        assertThat(both.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(both.err())
                .contains("bad-iostat.txt: --host-from-log: names host 'db 2': a host's name holds")
                .contains("give --host")
                .doesNotContain("Exception");
        assertThat(both.out()).doesNotContain("would be run");
    }

    @Test
    void moreThanThreeFilesWithHostsFromTheirLogsListTheHostsTogether() throws Exception {
        // given: four machines' iostat logs
        String log = Files.readString(fixture("iostat/x-t-iso.txt"));
        List<Path> logs = new ArrayList<>();
        for (int n = 1; n <= 4; n++) {
            logs.add(
                    Files.writeString(
                            dir.resolve("iostat-db" + n + ".txt"),
                            log.replaceFirst("\\(vm\\)", "(db" + n + ")")));
        }
        // when
        CommandOutput result = dryRunWithHostsFromLogs(logs.toArray(Path[]::new));
        // then
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out()).contains("  hosts (4):\n    db1\n    db2\n    db3\n    db4\n");
    }

    private CommandOutput dryRunWithHostsFromLogs(Path... iostatLogs) throws Exception {
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "import",
                                "--data-dir",
                                dir.resolve("data").toString(),
                                "--format",
                                "iostat",
                                "--host-from-log",
                                "--dry-run"));
        Arrays.stream(iostatLogs).map(Path::toString).forEach(args::add);
        return CommandOutput.of(args.toArray(String[]::new));
    }
}
