package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input gets a clear message and exit code, and nothing runs or is recorded. */
class RunCommandIT {
    @TempDir Path tmp;

    /** A run id no test's data directory holds. */
    private static final String UNKNOWN_RUN = "20261130-101500-a3f9";

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream originalErr;

    @BeforeEach
    void captureErr() {
        originalErr = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restoreErr() {
        System.setErr(originalErr);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private Path yaml(String text) throws Exception {
        Path file = tmp.resolve("e.yaml");
        Files.writeString(file, text);
        return file;
    }

    @Test
    void malformedYamlExitsTwoNamingTheLineAndRunsNothing() throws Exception {
        // given
        Path file =
                yaml(
                        "experiment: x\ntarget: {kind: local}\nworkload: {type: file-init, file-size: 8MB}\n"
                                + "factors: {init: [zero]}\nrepetitons: 2\n");
        Path data = tmp.resolve("data");
        // when
        int exit = Main.execute("run", file.toString(), "--data-dir", data.toString());
        // then
        assertThat(exit).isEqualTo(Main.BAD_INPUT);
        assertThat(err()).contains("e.yaml:5: 'repetitons': unknown key");
        assertThat(data.resolve("runs")).doesNotExist();
        assertThat(data.resolve("kafka")).doesNotExist();
    }

    @Test
    void anHtmlPageThatWouldReplaceAnotherFileIsRefusedBeforeAnythingRuns() throws Exception {
        // given a good experiment, and --html naming a file that is not a page
        Path file =
                yaml(
                        "experiment: x\ntarget: {kind: local}\nworkload: {type: file-init, file-size: 1MB}\n"
                                + "factors: {init: [zero]}\n");
        Path notes = tmp.resolve("notes.md");
        Files.writeString(notes, "# notes\n");
        Path data = tmp.resolve("data");
        // when
        int exit =
                Main.execute(
                        "run",
                        file.toString(),
                        "--data-dir",
                        data.toString(),
                        "--html",
                        notes.toString());
        // then
        assertThat(exit).isEqualTo(Main.BAD_INPUT);
        assertThat(err())
                .contains(
                        "--html "
                                + notes
                                + ": exists and is not an HTML page; not replaced: remove it or choose"
                                + " another name");
        assertThat(notes).hasContent("# notes");
        assertThat(data).doesNotExist();
    }

    @Test
    void missingFileAndMissingArgumentsExitTwo() throws Exception {
        assertThat(
                        Main.execute(
                                "run",
                                tmp.resolve("nope.yaml").toString(),
                                "--data-dir",
                                tmp.toString()))
                .isEqualTo(Main.BAD_INPUT);
        assertThat(err()).contains("storagebench run: no such file: " + tmp.resolve("nope.yaml"));
        assertThat(Main.execute("run", "--data-dir", tmp.toString())).isEqualTo(Main.BAD_INPUT);
        assertThat(err()).contains("give either an experiment YAML file or --restart RUN_ID");
        assertThat(Main.execute("run", "--restart", UNKNOWN_RUN, "--data-dir", tmp.toString()))
                .isEqualTo(Main.BAD_INPUT);
        assertThat(err()).contains("no run " + UNKNOWN_RUN).doesNotContain("latest runs");
        // with runs there to continue, the latest of them are named, newest first
        for (String id :
                List.of(
                        "20261128-090000-aaaa",
                        "20261129-090000-bbbb",
                        "20261201-090000-cccc",
                        "20261202-090000-dddd",
                        "20261203-090000-eeee",
                        "20261204-090000-ffff")) {
            Files.createDirectories(tmp.resolve("runs").resolve(id));
            Files.writeString(tmp.resolve("runs").resolve(id).resolve("experiment.yaml"), "");
        }
        Files.createDirectories(tmp.resolve("runs/20261205-090000-0000"));
        assertThat(Main.execute("run", "--restart", UNKNOWN_RUN, "--data-dir", tmp.toString()))
                .isEqualTo(Main.BAD_INPUT);
        assertThat(err())
                .contains(
                        "experiment.yaml); the latest runs there are: 20261204-090000-ffff,"
                                + " 20261203-090000-eeee, 20261202-090000-dddd, 20261201-090000-cccc,"
                                + " 20261129-090000-bbbb\n");
    }

    @Test
    void aRestartIdThatIsAPathIsRefusedBeforeAnythingIsRead() throws Exception {
        // given: a config where ../../evilrun from the runs folder leads
        Path data = tmp.resolve("data");
        Path evil = Files.createDirectories(tmp.resolve("evilrun"));
        Files.writeString(
                evil.resolve("experiment.yaml"),
                "experiment: x\ntarget: {kind: local}\n"
                        + "workload: {type: file-init, file-size: 1MB}\nfactors: {init: [zero]}\n");
        // when
        int exit = Main.execute("run", "--restart", "../../evilrun", "--data-dir", data.toString());
        // then
        assertThat(exit).isEqualTo(Main.BAD_INPUT);
        assertThat(err())
                .contains(
                        "--restart: '../../evilrun' is not a run id: a run's is yyyyMMdd-HHmmss-xxxx");
        try (var left = Files.list(evil)) {
            assertThat(left.map(p -> p.getFileName().toString()).toList())
                    .containsExactly("experiment.yaml");
        }
        assertThat(data.resolve("kafka")).doesNotExist();
    }

    @Test
    void dataDirThatCannotBeWrittenExitsTwo() throws Exception {
        // given: the data dir is a file
        Path file = Files.writeString(tmp.resolve("plain-file"), "x");
        Path yaml =
                yaml(
                        "experiment: x\ntarget: {kind: local}\nworkload: {type: file-init, file-size: 8MB}\n"
                                + "factors: {init: [zero]}\n");
        // when
        int exit = Main.execute("run", yaml.toString(), "--data-dir", file.toString());
        // then
        assertThat(exit).isEqualTo(Main.BAD_INPUT);
        assertThat(err()).contains("data directory " + file + " is a file");
    }

    @Test
    void filesThatWouldNotFitAreRefusedBeforeAnythingRuns() throws Exception {
        // given
        Path data = tmp.resolve("data");
        Path yaml =
                yaml(
                        "experiment: x\ntarget: {kind: local}\nworkload: {type: file-init, files: 1000}\n"
                                + "factors: {init: [zero, instant], file-size: [8MB, 900TB]}\n");
        // when
        int exit = Main.execute("run", yaml.toString(), "--data-dir", data.toString());
        // then
        assertThat(exit).isEqualTo(Main.BAD_INPUT);
        assertThat(err())
                .contains("file-init (1000 files × 900 TiB) needs")
                .contains("is free on that disk");
        assertThat(data.resolve("runs")).doesNotExist();
    }

    @Test
    void unreachableKafkaFailsWithinThirtySecondsAndRecordsNoRun() throws Exception {
        // given
        Path data = tmp.resolve("data");
        Path yaml =
                yaml(
                        "experiment: x\ntarget: {kind: local}\nworkload: {type: file-init, file-size: 1MB}\n"
                                + "factors: {init: [zero]}\n");
        long start = System.nanoTime();
        // when
        int exit =
                Main.execute(
                        "run",
                        yaml.toString(),
                        "--data-dir",
                        data.toString(),
                        "--bootstrap-servers",
                        "127.0.0.1:1");
        // then
        assertThat(exit).isEqualTo(Main.FAILED);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(30));
        assertThat(err()).contains("Kafka at 127.0.0.1:1 did not answer");
        assertThat(data.resolve("runs")).doesNotExist();
    }

    @Test
    void everyCommandHasHelp() {
        assertThat(Main.execute("--help")).isZero();
        assertThat(Main.execute("run", "--help")).isZero();
    }
}
