package storagebench.workload.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import storagebench.BadInputException;
import storagebench.dbms.TargetKind;
import storagebench.events.Outcome;
import storagebench.events.TrialTimed;
import storagebench.workload.Param;
import storagebench.workload.Params;
import storagebench.workload.Phase;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;
import storagebench.workload.Workload;
import storagebench.workload.WorkloadContractTest;
import storagebench.workload.process.CommandFailedException;
import storagebench.workload.process.OutputParsers;
import storagebench.workload.process.ProcessRun;

class CommandOnTargetTest extends WorkloadContractTest {
    private final CommandOnTarget workload = new CommandOnTarget();

    @Test
    void onlyAKindWhoseIoCountersArePerDatabaseTakesTheDatabaseToSample() {
        // when
        List<String> local = names(new CommandOnTarget(TargetKind.LOCAL));
        List<String> postgres = names(new CommandOnTarget(TargetKind.POSTGRES));
        List<String> sqlServer = names(new CommandOnTarget(TargetKind.SQLSERVER));
        // then: a database samples its IO counters; SQL Server's read one database's files
        assertThat(local).doesNotContain("sample-interval", "sample-database");
        assertThat(postgres).contains("sample-interval").doesNotContain("sample-database");
        assertThat(sqlServer).contains("sample-interval", "sample-database");
    }

    private static List<String> names(Workload workload) {
        return workload.params().stream().map(Param::name).toList();
    }

    @Override
    protected Workload workload() {
        return workload;
    }

    @Override
    protected Map<String, Object> smallVariant() {
        return variant(Map.of("command", "echo hello"));
    }

    /** The defaults overlaid with the given values, as the loader would type them. */
    private Map<String, Object> variant(Map<String, Object> given) {
        Map<String, Object> v = new LinkedHashMap<>();
        for (Param p : workload.params()) {
            if (p.defaultValue() != null) {
                v.put(p.name(), p.parse(p.defaultValue()));
            }
        }
        v.putAll(given);
        return v;
    }

    private Path out() {
        return dir.resolve("out");
    }

    private List<Step> steps(Map<String, Object> given) {
        target().prepare();
        Params params = new Params(variant(given));
        workload.preflight(target(), List.of(params));
        return workload.steps(trial(params));
    }

    private static Step step(List<Step> steps, Phase phase) {
        return steps.stream().filter(s -> s.phase() == phase).findFirst().orElseThrow();
    }

    @Test
    void keepsTheOutputInFilesAndReportsExitCodeAndSizes() throws Exception {
        // given
        List<Step> steps = steps(Map.of("command", "sh -c 'echo hello; echo warning >&2'"));
        // when
        Map<String, Double> metrics = step(steps, Phase.MEASURED).action().run();
        // then
        assertThat(steps).extracting(Step::name).containsExactly("run");
        assertThat(metrics)
                .containsEntry("exit_code", 0.0)
                .containsEntry("stdout_bytes", 6.0)
                .containsEntry("stderr_bytes", 8.0);
        assertThat(Files.readString(out().resolve("run.stdout"))).isEqualTo("hello\n");
        assertThat(Files.readString(out().resolve("run.stderr"))).isEqualTo("warning\n");
    }

    @Test
    void fillsFactorsAndBuiltInsIntoArgumentsEnvironmentAndWorkingDir() throws Exception {
        // given: an extra factor whose value has a blank stays one argument
        Map<String, Object> given = new LinkedHashMap<>();
        given.put(
                "command",
                "sh -c 'printf \"%s|%s|%s|%s|\" \"$1\" \"$GREETING\" \"$(pwd)\" \"$#\"' - {greeting}");
        given.put("env", "GREETING=hi {trial} ; OTHER=x");
        given.put("working-dir", "{out}");
        given.put("greeting", "a b");
        List<Step> steps = steps(given);
        // when
        step(steps, Phase.MEASURED).action().run();
        // then
        assertThat(Files.readString(out().resolve("run.stdout")))
                .isEqualTo("a b|hi trial-0|" + out().toRealPath() + "|1|");
    }

    @Test
    void shellTrueRunsTheTextWithBinSh() throws Exception {
        // given
        List<Step> steps =
                steps(
                        Map.of(
                                "command",
                                "echo {greeting} | tr a-z A-Z > {out}/upper; echo $((6 * 7))",
                                "shell",
                                true,
                                "greeting",
                                "shout"));
        // when
        step(steps, Phase.MEASURED).action().run();
        // then
        assertThat(Files.readString(out().resolve("upper"))).isEqualTo("SHOUT\n");
        assertThat(Files.readString(out().resolve("run.stdout"))).isEqualTo("42\n");
    }

    @Test
    void setupAndCleanupAreUntimedStepsWithTheirOwnOutput() throws Exception {
        // given
        List<Step> steps =
                steps(
                        Map.of(
                                "setup",
                                "touch {out}/ready",
                                "command",
                                "test -f {out}/ready",
                                "cleanup",
                                "rm {out}/ready"));
        // when
        for (Step step : steps) {
            step.action().run();
        }
        // then
        assertThat(steps)
                .extracting(Step::name, Step::phase)
                .containsExactly(
                        Tuple.tuple("setup", Phase.SETUP),
                        Tuple.tuple("run", Phase.MEASURED),
                        Tuple.tuple("cleanup", Phase.CLEANUP));
        assertThat(out().resolve("ready")).doesNotExist();
        assertThat(out().resolve("setup.stdout")).exists();
        assertThat(out().resolve("cleanup.stderr")).exists();
    }

    @Test
    void everyImporterFormatIsAParser() {
        assertThat(OutputParsers.names()).contains("none", "fio", "pgbench", "csv", "file-stats");
        assertThat(OutputParsers.find("fio")).isPresent();
        assertThat(OutputParsers.find("no-such-format")).isEmpty();
    }

    @Test
    void theParserReadsTheOutputAfterTheTimedStepIntoSubStepsAndPrefixedMetrics() throws Exception {
        // given: a command that prints a real fio JSON output
        Path fixture = Path.of(getClass().getResource("/importer/fio/two-jobs.json").toURI());
        target().prepare();
        Params params = new Params(variant(Map.of("command", "cat " + fixture, "parser", "fio")));
        workload.preflight(target(), List.of(params));
        TrialContext trial = trial(params);
        Step run = step(workload.steps(trial), Phase.MEASURED);
        Map<String, Double> metrics = run.action().run();
        assertThat(trial.emitted()).as("nothing is parsed inside the timed action").isEmpty();
        TrialTimed measured = measured(metrics);
        // when
        Map<String, Double> added = run.after().run(measured);
        // then
        assertThat(added)
                .containsEntry("parsed_steps", 2.0)
                .containsEntry("parsed_malformed", 0.0)
                .containsKey("read.iops")
                .containsKey("write.iops");
        List<TrialTimed> subSteps = trial.emitted().stream().map(TrialTimed.class::cast).toList();
        assertThat(subSteps)
                .extracting(TrialTimed::getStep)
                .containsExactly("run.read", "run.write");
        assertThat(subSteps)
                .allMatch(s -> s.getTrialId().equals("trial-0") && s.getRepetition() == 1);
        assertThat(subSteps)
                .extracting(TrialTimed::getEventId)
                .containsExactly("trial-0/run/1", "trial-0/run/2");
        // fio's two jobs ran side by side, by the output's times before the step began: at its
        // start
        assertThat(subSteps)
                .extracting(TrialTimed::getStartTime)
                .containsOnly(measured.getStartTime());
        assertThat(subSteps.get(0).getFactors()).containsEntry("rw", "randread");
        assertThat(subSteps.get(0).getMetrics().get("iops")).isEqualTo(added.get("read.iops"));
    }

    @Test
    void outputInAnotherFormatFailsTheStepNamingTheFormat() throws Exception {
        // given: parser-file names a file with placeholders
        target().prepare();
        Params params =
                new Params(
                        variant(
                                Map.of(
                                        "command",
                                        "sh -c 'echo not json > {out}/result.txt'",
                                        "parser",
                                        "fio",
                                        "parser-file",
                                        "{out}/result.txt")));
        workload.preflight(target(), List.of(params));
        Step run = step(workload.steps(trial(params)), Phase.MEASURED);
        // when
        Map<String, Double> metrics = run.action().run();
        // then
        assertThatThrownBy(() -> run.after().run(measured(metrics)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("parser fio: result.txt is not its format")
                .hasMessageContaining("fio");
    }

    @Test
    void badParserOptionsAreRefusedInPreflight() {
        target().prepare();
        assertThatThrownBy(
                        () ->
                                preflight(
                                        Map.of(
                                                "command",
                                                "true",
                                                "parser",
                                                "csv",
                                                "parser-options",
                                                "no-equals")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("parser-options: entry 'no-equals' is not name=value");
        assertThatThrownBy(
                        () ->
                                preflight(
                                        Map.of(
                                                "command",
                                                "true",
                                                "parser",
                                                "fio",
                                                "parser-file",
                                                "{nope}.json")))
                .hasMessageContaining("parser-file: unknown placeholder {nope}");
        // a key the parser does not take is refused before the command runs, naming the format and
        // the key
        assertThatThrownBy(
                        () ->
                                preflight(
                                        Map.of(
                                                "command",
                                                "true",
                                                "parser",
                                                "fio",
                                                "parser-options",
                                                "max-byte=10")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("parser-options: fio: unknown option 'max-byte'");
        assertThatThrownBy(() -> preflight(Map.of("command", "true", "parser-options", "trial=x")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("parser-options: none:");
    }

    private static TrialTimed measured(Map<String, Double> metrics) {
        Instant start = Instant.parse("2026-11-30T08:00:00Z");
        return TrialTimed.newBuilder()
                .setEventId("trial-0/run")
                .setRunId("run-0")
                .setExperiment("contract")
                .setHost("host")
                .setTrialId("trial-0")
                .setTrialIndex(0)
                .setVariant("default")
                .setFactors(Map.of())
                .setRepetition(1)
                .setWarmup(false)
                .setStep("run")
                .setStartTime(start)
                .setEndTime(start)
                .setDurationNs(1)
                .setOutcome(Outcome.OK)
                .setMetrics(metrics)
                .build();
    }

    @Test
    void aNonZeroExitFailsTheStepWithTheTailOfStderr() {
        // given: 30 lines on stderr, of which the last 20 are kept
        List<Step> steps =
                steps(
                        Map.of(
                                "shell",
                                true,
                                "command",
                                "for i in $(seq 1 30); do echo \"line $i\" >&2; done; exit 3"));
        // when / then
        assertThatThrownBy(() -> step(steps, Phase.MEASURED).action().run())
                .isInstanceOf(CommandFailedException.class)
                .hasMessageStartingWith("exit code 3; last lines of stderr: line 11 | line 12")
                .hasMessageEndingWith("line 29 | line 30")
                .message()
                .doesNotContain("line 10 ");
    }

    @Test
    void theStderrTailIsAtMostTwoThousandCharacters() throws Exception {
        // given
        Path stderr = dir.resolve("long.stderr");
        Files.writeString(stderr, "x".repeat(5000) + "\nlast\n");
        // when
        String tail = ProcessRun.tail(stderr);
        // then
        assertThat(tail).hasSize(ProcessRun.TAIL_CHARS + 1).startsWith("…").endsWith("x | last");
    }

    @Test
    void aTimeoutKillsTheProcess() {
        // given
        List<Step> steps = steps(Map.of("command", "sleep 30", "timeout", Duration.ofSeconds(1)));
        long start = System.nanoTime();
        // when / then
        assertThatThrownBy(() -> step(steps, Phase.MEASURED).action().run())
                .isInstanceOf(CommandFailedException.class)
                .hasMessageStartingWith("timed out after 1s");
        assertThat(System.nanoTime() - start)
                .as("returns soon after the timeout")
                .isLessThan(5_000_000_000L);
        assertThat(liveChildren("sleep")).as("sleep processes left").isEmpty();
    }

    @Test
    void aTimeoutKillsTheChildrenOfTheProcessToo() throws Exception {
        // given: a shell that starts sleep in the background and waits for it
        List<Step> steps =
                steps(
                        Map.of(
                                "shell",
                                true,
                                "timeout",
                                Duration.ofSeconds(1),
                                "command",
                                "sleep 30 & echo $! > {out}/child.pid; wait"));
        // when
        assertThatThrownBy(() -> step(steps, Phase.MEASURED).action().run())
                .hasMessageContaining("timed out");
        // then
        long child = Long.parseLong(Files.readString(out().resolve("child.pid")).strip());
        assertThat(gone(child)).as("the background sleep %d is gone", child).isTrue();
    }

    @Test
    void aProgramThatCannotBeFoundIsRefusedInPreflight() throws Exception {
        // given
        Path notExecutable = Files.writeString(dir.resolve("script.sh"), "echo hi\n");
        target().prepare();
        // when / then
        assertThatThrownBy(() -> preflight(Map.of("command", "./no-such-program --flag")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("command: cannot run './no-such-program' does not exist");
        assertThatThrownBy(() -> preflight(Map.of("command", "no-such-program-on-path")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("'no-such-program-on-path' is not found on the PATH");
        assertThatThrownBy(
                        () -> preflight(Map.of("command", "true", "cleanup", notExecutable + " x")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining(
                        "cleanup: cannot run '" + notExecutable + "' is not an executable file");
        assertThatThrownBy(
                        () ->
                                preflight(
                                        Map.of(
                                                "command",
                                                "/no/such/program",
                                                "working-dir",
                                                "{out}")))
                .hasMessageContaining("command: cannot run '/no/such/program' does not exist");
        Files.setPosixFilePermissions(notExecutable, PosixFilePermissions.fromString("rwx------"));
        preflight(Map.of("command", "true", "cleanup", notExecutable + " x"));
        preflight(Map.of("command", "./made-by-setup.sh", "working-dir", "{out}"));
    }

    @Test
    void aProgramKnownOnlyDuringTheTrialFailsTheStepWithTheReason() {
        // given: {out} exists only in the trial, so preflight cannot look
        List<Step> steps = steps(Map.of("command", "{out}/missing.sh"));
        // when / then
        assertThatThrownBy(() -> step(steps, Phase.MEASURED).action().run())
                .isInstanceOf(CommandFailedException.class)
                .hasMessageContaining("cannot start ")
                .hasMessageContaining("No such file or directory");
    }

    @Test
    void badTextIsRefusedInPreflightNamingTheProblem() {
        target().prepare();
        assertThatThrownBy(() -> preflight(Map.of("command", "dd count={size-mb}", "ifi", "on")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining(
                        "command: unknown placeholder {size-mb}; known: {ifi}, {out}, {run}, {trial} "
                                + "and the workload's parameters");
        assertThatThrownBy(() -> preflight(Map.of("command", "true", "setup", "echo {nope}")))
                .hasMessageContaining("setup: unknown placeholder {nope}");
        assertThatThrownBy(() -> preflight(Map.of("command", "true", "cleanup", "echo 'unclosed")))
                .hasMessageContaining("cleanup: unclosed '");
        assertThatThrownBy(() -> preflight(Map.of("command", "true", "env", "no equals sign")))
                .hasMessageContaining("env: entry 'no equals sign' is not NAME=value");
        assertThatThrownBy(
                        () ->
                                preflight(
                                        Map.of(
                                                "command",
                                                "true",
                                                "working-dir",
                                                dir.resolve("nowhere").toString())))
                .hasMessageContaining(
                        "working-dir " + dir.resolve("nowhere") + " is not a directory");
        assertThatThrownBy(() -> preflight(Map.of("command", "echo {out}", "out", "x")))
                .hasMessageContaining("a factor may not be named 'out'");
    }

    private void preflight(Map<String, Object> given) {
        workload.preflight(target(), List.of(new Params(variant(given))));
    }

    private static List<ProcessHandle> liveChildren(String command) {
        return ProcessHandle.current()
                .descendants()
                .filter(ProcessHandle::isAlive)
                .filter(p -> p.info().command().map(c -> c.endsWith("/" + command)).orElse(false))
                .toList();
    }

    /** Whether the process is gone or a zombie (dead, waiting to be reaped by a parent that is not us). */
    private static boolean gone(long pid) throws Exception {
        Path stat = Path.of("/proc/" + pid + "/stat");
        for (int i = 0; i < 50; i++) {
            if (!Files.exists(stat)
                    || Files.readString(stat).replaceFirst(".*\\) ", "").startsWith("Z")) {
                return true;
            }
            Thread.sleep(100);
        }
        return false;
    }
}
