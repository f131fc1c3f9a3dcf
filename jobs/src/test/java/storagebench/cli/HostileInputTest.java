package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import storagebench.logformat.LineRecords;
import storagebench.logformat.LogParsers;
import storagebench.logformat.Parsed;
import storagebench.logformat.QuarantineFile;

/**
 * The hostile inputs of a fault campaign (issue 24), kept: each is refused with exit 2 and one line
 * naming the file (and the line, where the input has one), within 2 s, never a stack trace, and the
 * data directory is left as it was; a log cut mid-line is quarantined naming the file and line. The
 * commands are ones that refuse before they start the broker, so the corpus runs in a second or two.
 */
class HostileInputTest {
    private static final Duration BOUND = Duration.ofSeconds(2);

    @TempDir Path dir;

    /** What a case gives: the file its message must name, the line (0: none applies), the command. */
    record Input(Path file, int line, String... args) {}

    @FunctionalInterface
    interface Hostile {
        Input write(Path dir, Path data) throws IOException;
    }

    @BeforeAll
    static void loadTheCommandLine(@TempDir Path warm) throws IOException {
        // the first command pays for class loading (picocli, SnakeYAML), not for the refusal
        CliOutput.run("run", Files.writeString(warm.resolve("warm.yaml"), "a: [").toString());
    }

    static Stream<Arguments> corpus() {
        List<Arguments> cases = new ArrayList<>();
        cases.add(run("an empty config", "", 1));
        cases.add(
                Arguments.of(
                        "a binary config",
                        (Hostile)
                                (dir, data) -> {
                                    Path file = dir.resolve("binary.yaml");
                                    Files.write(
                                            file,
                                            new byte[] {'a', ':', ' ', 1, (byte) 0xFF, 0, '\n'});
                                    return new Input(file, 1, runArgs(file, data));
                                }));
        cases.add(
                Arguments.of(
                        "a UTF-16 config",
                        (Hostile)
                                (dir, data) -> {
                                    Path file = dir.resolve("utf16.yaml");
                                    Files.writeString(
                                            file,
                                            "\uFEFF" + config("/tmp"),
                                            StandardCharsets.UTF_16);
                                    return new Input(file, 1, runArgs(file, data));
                                }));
        cases.add(
                Arguments.of(
                        "a 50 MB config on one line",
                        (Hostile)
                                (dir, data) -> {
                                    Path file = dir.resolve("huge.yaml");
                                    try (OutputStream out = Files.newOutputStream(file)) {
                                        out.write("description: ".getBytes(StandardCharsets.UTF_8));
                                        byte[] chunk = "x".repeat(1 << 20).getBytes();
                                        for (int i = 0; i < 50; i++) {
                                            out.write(chunk);
                                        }
                                    }
                                    return new Input(file, 0, runArgs(file, data));
                                }));
        cases.add(
                run(
                        "a 100 KB line",
                        config("{work}").replace("hostile\n", "x".repeat(100_000) + "\n"),
                        1));
        cases.add(run("an alias bomb", aliasBomb(), 7));
        cases.add(
                run(
                        "collections nested 10,000 deep",
                        "experiment: deep\nfactors: " + "[".repeat(10_000) + "]".repeat(10_000),
                        2));
        cases.add(run("an unknown key", config("{work}") + "colour: blue\n", 14));
        cases.add(
                run(
                        "a misspelled key",
                        config("{work}").replace("repetitions:", "repetitons:"),
                        12));
        cases.add(
                run(
                        "a negative number",
                        config("{work}").replace("repetitions: 1", "repetitions: -3"),
                        12));
        cases.add(run("zero files", config("{work}").replace("files: 1", "files: 0"), 7));
        cases.add(
                run(
                        "a huge number",
                        config("{work}").replace("repetitions: 1", "repetitions: 99999999999"),
                        12));
        cases.add(
                run(
                        "a 4 GB block size",
                        config("{work}").replace("block-size: 1MiB", "block-size: 4GiB"),
                        8));
        cases.add(run("../ in a table name", h2("../../etc/passwd"), 6));
        cases.add(run("an absolute path in a table name", h2("/etc/passwd"), 6));
        cases.add(run("SQL in a table name", h2("\"t'; DROP TABLE runs; --\""), 6));
        cases.add(
                run(
                        "a command that does not exist",
                        config("{work}")
                                .replace(
                                        "  type: file-init\n  files: 1\n  block-size: 1MiB\n",
                                        "  type: command\n  command: /no/such/tool --fast\n\n")
                                .replace("  init: [zero]\n  file-size: [8MB]\n", "  x: [1]\n\n"),
                        7));
        cases.add(
                run(
                        "a config too large for its RunStarted event",
                        config("{work}")
                                .replace(
                                        "experiment: hostile\n",
                                        "experiment: hostile\ndescription: |\n"
                                                + ("  " + "x".repeat(98) + "\n").repeat(10_400)),
                        0));
        cases.add(restart("../ in a run id", "../../etc"));
        cases.add(restart("an absolute path as a run id", "/etc/passwd"));
        cases.add(
                Arguments.of(
                        "a settings file that is a directory",
                        (Hostile)
                                (dir, data) -> {
                                    Path settings = Files.createDirectories(dir.resolve("s.d"));
                                    Path config = yaml(dir, config(work(dir)));
                                    return new Input(
                                            settings,
                                            0,
                                            "run",
                                            config.toString(),
                                            "--settings",
                                            settings.toString(),
                                            "--data-dir",
                                            data.toString());
                                }));
        cases.add(
                Arguments.of(
                        "a 2 MB settings file",
                        (Hostile)
                                (dir, data) -> {
                                    Path settings = dir.resolve("big.properties");
                                    Files.writeString(settings, "# " + "x".repeat(2 << 20) + "\n");
                                    Path config = yaml(dir, config(work(dir)));
                                    return new Input(
                                            settings,
                                            0,
                                            "run",
                                            config.toString(),
                                            "--settings",
                                            settings.toString(),
                                            "--data-dir",
                                            data.toString());
                                }));
        for (String[] log : TRUNCATED_LOGS) {
            cases.add(Arguments.of("a truncated " + log[0] + " log", truncated(log)));
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void isRefusedOrQuarantinedNamingFileAndLineLeavingTheDataAsItWas(String name, Hostile hostile)
            throws Exception {
        // given
        Path data = Files.createDirectories(dir.resolve("data"));
        Files.writeString(data.resolve("kept.txt"), "what was there before");
        Input input = hostile.write(dir, data);
        Map<String, String> before = listing(data);

        // when
        long began = System.nanoTime();
        CliOutput output = input.args().length == 0 ? null : CliOutput.run(input.args());
        Duration took = Duration.ofNanos(System.nanoTime() - began);

        // then
        if (output != null) {
            String where = input.file() + (input.line() > 0 ? ":" + input.line() + ":" : "");
            assertThat(output.exit()).as(output.err()).isEqualTo(Main.BAD_INPUT);
            assertThat(output.err().strip()).contains(where).doesNotContain("\n\tat ");
            assertThat(output.err().strip().lines()).hasSize(1);
            assertThat(took).as(output.err()).isLessThan(BOUND);
        }
        assertThat(listing(data)).isEqualTo(before);
    }

    /** format, options (k=v,...), a whole line, the cut last line. */
    private static final String[][] TRUNCATED_LOGS = {
        {"pgbench", "", "0 1 2357 0 1796014743 124204", "0 2 90000 0 1796014743 12"},
        {"gbak", "", "gbak:readied database employee.fdb for backup", "gbak:writing domains"},
        {
            "timing-log",
            "date=2013-05-02",
            "server,test,start,end",
            "SRV,IFI_8MB,2013-05-02 10:15:03,2013-0"
        },
        {
            "hammerdb",
            "",
            "Vuser 1:TEST RESULT : System achieved 9921 NOPM from 22791 PostgreSQL TPM",
            "Vuser 1:TEST RESULT : System achieved 99"
        },
        {"csv", "map.step=phase,map.duration_s=seconds", "phase,seconds", "load"},
        {
            "file-stats",
            "",
            "database,file_id,file_name,sample_time,num_of_reads,num_of_bytes_read,"
                    + "io_stall_read_ms,num_of_writes,num_of_bytes_written,io_stall_write_ms,"
                    + "io_stall_queued_read_ms,io_stall_queued_write_ms,size_on_disk_bytes",
            "db,1,db_data,2024-05-14 09:00:00.000,1000,8192000,20"
        },
        {
            "benchbase",
            "",
            "Time (seconds),Throughput (requests/second),Average Latency (millisecond),"
                    + "Minimum Latency (millisecond),Maximum Latency (millisecond),"
                    + "95th Percentile Latency (millisecond),99th Percentile Latency (millisecond)",
            "0,3.2,11"
        },
        {"fio", "", "{", "  \"fio version\" : \"fio-3.3"},
        {"iostat", "", "Linux 6.1.0 (db1) \t2026-12-05 \t_x86_64_\t(2 CPU)", "2026-12-05T10:2"},
        {
            "sar",
            "",
            "# hostname;interval;timestamp;CPU;%user;%nice;%system;%iowait;%steal;%idle",
            "vm;1;2026-12-05 10:23:14 UTC;-1;67.38;0.00"
        },
    };

    /** A log of the format, its whole lines and then its last one cut mid-line, read as import reads it. */
    private static Hostile truncated(String[] log) {
        return (dir, data) -> {
            Path file = dir.resolve("cut-" + log[0] + ".log");
            String text = log[2] + "\n" + log[3];
            Files.writeString(file, text);
            Map<String, String> options = new TreeMap<>();
            for (String option : log[1].split(",")) {
                if (!option.isEmpty()) {
                    options.put(option.split("=")[0], option.split("=")[1]);
                }
            }
            Path quarantined = dir.resolve("quarantine.jsonl");
            long began = System.nanoTime();
            try (QuarantineFile quarantine = QuarantineFile.create(quarantined, file);
                    Stream<Parsed> records =
                            LogParsers.find(log[0]).orElseThrow().records(file, options)) {
                records.filter(r -> r instanceof Parsed.Malformed)
                        .forEach(r -> quarantine.add((Parsed.Malformed) r));
                quarantine.publish();
            }
            assertThat(Duration.ofNanos(System.nanoTime() - began)).isLessThan(BOUND);
            String lines = Files.readString(quarantined);
            assertThat(lines).contains("\"file\":\"" + file.toAbsolutePath() + "\"");
            if (!log[0].equals("fio")) { // a JSON document, cut: one record for the document
                assertThat(lines).contains("\"line\":2,\"reason\":\"" + LineRecords.ENDS_MID_LINE);
            }
            return new Input(file, 2);
        };
    }

    private static Arguments run(String name, String yaml, int line) {
        return Arguments.of(
                name,
                (Hostile)
                        (dir, data) -> {
                            Path file = yaml(dir, yaml.replace("{work}", work(dir)));
                            return new Input(file, line, runArgs(file, data));
                        });
    }

    private static Arguments restart(String name, String runId) {
        return Arguments.of(
                name,
                (Hostile)
                        (dir, data) ->
                                new Input(
                                        Path.of(runId),
                                        0,
                                        "run",
                                        "--restart",
                                        runId,
                                        "--data-dir",
                                        data.toString()));
    }

    private static String[] runArgs(Path file, Path data) {
        return new String[] {"run", file.toString(), "--data-dir", data.toString(), "--no-sink"};
    }

    private static Path yaml(Path dir, String text) throws IOException {
        return Files.writeString(dir.resolve("experiment.yaml"), text);
    }

    /** The local target's folder, outside the data directory (by default it is data/work). */
    private static String work(Path dir) throws IOException {
        return Files.createDirectories(dir.resolve("work")).toString();
    }

    /** A valid file-init experiment: line 7 files, 8 block-size, 12 repetitions, 14 the end. */
    private static String config(String work) {
        return "experiment: hostile\n"
                + "target:\n"
                + "  kind: local\n"
                + "  directory: "
                + work
                + "\n"
                + "workload:\n"
                + "  type: file-init\n"
                + "  files: 1\n"
                + "  block-size: 1MiB\n"
                + "factors:\n"
                + "  init: [zero]\n"
                + "  file-size: [8MB]\n"
                + "repetitions: 1\n"
                + "warmups: 0\n";
    }

    /** An H2 filegroup-insert experiment whose table name (line 6) is {@code name}. */
    private static String h2(String name) {
        return "experiment: hostile-h2\n"
                + "target:\n"
                + "  kind: h2\n"
                + "workload:\n"
                + "  type: filegroup-insert\n"
                + "  name: "
                + name
                + "\n"
                + "  files: 1\n"
                + "factors:\n"
                + "  rows: [10]\n"
                + "repetitions: 1\n"
                + "warmups: 0\n";
    }

    /** Nine levels of nine aliases each: 387 million strings once expanded. */
    private static String aliasBomb() {
        StringBuilder yaml = new StringBuilder("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
        char previous = 'a';
        for (char c = 'b'; c <= 'i'; c++) {
            yaml.append(c).append(": &").append(c).append(" [");
            for (int i = 0; i < 9; i++) {
                yaml.append(i == 0 ? "" : ",").append('*').append(previous);
            }
            yaml.append("]\n");
            previous = c;
        }
        return yaml.toString();
    }

    /** Every file under the folder with its SHA-256, every folder with "/". */
    private static Map<String, String> listing(Path data) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> all = Files.walk(data)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                String name = data.relativize(p).toString();
                files.put(name, Files.isDirectory(p) ? "/" : sha256(Files.readAllBytes(p)));
            }
        }
        return files;
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
