package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * README's shell blocks, run as README shows them: every {@code ./storagebench} line of a block, in
 * order, on the test's data directory. File names resolve as they would from a clone's top folder;
 * the ones README invents (a fio log, /tmp/rebuilt, history.avro) live in the test's folder.
 */
class ReadmeCommandsIT extends BrokerOnDataDir {
    private static final Path PROJECT = Path.of("..").toAbsolutePath().normalize();

    /** Options whose value is never a file. */
    private static final Set<String> VALUE_OPTIONS =
            Set.of("--format", "--host", "--factor", "--experiment", "--from", "--override");

    /** The command with its files where they are for the test, on the test's data directory. */
    private static String[] located(List<String> command, Path work) {
        List<String> args = new ArrayList<>();
        for (int i = 0; i < command.size(); i++) {
            String token = command.get(i);
            boolean value = i > 0 && VALUE_OPTIONS.contains(command.get(i - 1));
            boolean file =
                    !value
                            && !token.startsWith("-")
                            && (token.contains("/") || token.matches(".*\\.(avro|json|yaml|html)"));
            if (!file) {
                args.add(token);
            } else if (token.startsWith("/")) {
                args.add(work.resolve(token.substring(1)).toString());
            } else if (Files.exists(PROJECT.resolve(token))) {
                args.add(PROJECT.resolve(token).toString());
            } else {
                args.add(work.resolve(token).toString());
            }
        }
        args.add("--data-dir");
        args.add(data.toString());
        return args.toArray(String[]::new);
    }

    @Test
    void importReplayAndExportRunAsShown() throws Exception {
        // given: the fio log README imports
        Path work = tmp.resolve("work");
        Files.createDirectories(work.resolve("results"));
        Files.copy(
                Path.of("src/test/resources/importer/fio/randwrite-8k-psync.json"),
                work.resolve("results/fio-randwrite.json"));
        List<List<String>> commands = ReadmeShell.commands("## Import, replay, export");
        assertThat(commands).extracting(c -> c.get(0)).contains("import", "replay", "export");

        // when
        for (List<String> command : commands) {
            CliOutput out = CliOutput.run(located(command, work));
            // then
            assertThat(out.exit()).as(String.join(" ", command) + "\n" + out.err()).isZero();
        }

        // then: the rebuilt dataset holds the imported trials, and the archive exists
        try (Stream<Path> files = Files.walk(work.resolve("tmp/rebuilt"))) {
            assertThat(files.map(Path::toString).filter(f -> f.endsWith(".parquet")))
                    .anyMatch(f -> f.contains("/trials/"));
        }
        assertThat(work.resolve("history.avro")).isNotEmptyFile();
    }

    @Test
    void theScheduledRunsSectionsCommandsRunOrParse() throws Exception {
        // given: the section's commands, from a clone's top folder (where the schedules file is)
        List<List<String>> commands = ReadmeShell.commands("## Scheduled runs: serve");
        assertThat(commands).extracting(c -> c.get(0)).contains("serve", "schedule");
        String readme = Files.readString(PROJECT.resolve("README.md"));
        String section = readme.substring(readme.indexOf("## Scheduled runs: serve"));
        Matcher exec = Pattern.compile("(?m)^ExecStart=\\S*storagebench (.*)$").matcher(section);
        assertThat(exec.find()).as("the systemd unit's ExecStart").isTrue();
        Matcher args = Pattern.compile("args: \\[(.*)]").matcher(section);
        assertThat(args.find()).as("the CronJob's args").isTrue();
        List<String> cronJob =
                Pattern.compile("\"([^\"]*)\"")
                        .matcher(args.group(1))
                        .results()
                        .map(m -> m.group(1))
                        .toList();
        Path work = tmp.resolve("schedules-work");
        for (List<String> command : commands) {
            List<String> full = new ArrayList<>(command);
            if (command.get(0).equals("serve")) {
                // serve runs until it is stopped: ServeIT runs it; here it must parse as written
                new CommandLine(new Main()).parseArgs(full.toArray(String[]::new));
                continue;
            }
            List<String> located = new ArrayList<>(List.of(located(full, work)));
            located.addAll(
                    List.of(
                            "--schedules",
                            PROJECT.resolve("pipeline-config/schedules.yaml").toString()));
            // when
            CliOutput out = CliOutput.run(located.toArray(String[]::new));
            // then
            assertThat(out.exit()).as(String.join(" ", command) + "\n" + out.err()).isZero();
            assertThat(out.out()).contains("nightly-file-init");
        }
        // and the service manager's and the CronJob's commands are commands as written
        new CommandLine(new Main()).parseArgs(exec.group(1).split("\\s+"));
        new CommandLine(new Main()).parseArgs(cronJob.toArray(String[]::new));
        assertThat(cronJob.get(1)).satisfies(f -> assertThat(PROJECT.resolve(f)).isRegularFile());
    }

    @Test
    void theMainCommandRunsAsShownScaledDown() throws Exception {
        // given: README's first command, with a small matrix so the test stays short
        List<String> main = ReadmeShell.commands("## Two commands").get(0);
        assertThat(main).containsExactly("run", "pipeline-config/local/file-init.yaml");
        List<String> scaled = new ArrayList<>(main);
        scaled.addAll(
                List.of(
                        "--override", "factors.file-size=[1MB]",
                        "--override", "repetitions=2",
                        "--html", "out.html"));

        // when
        CliOutput out = CliOutput.run(located(scaled, tmp.resolve("main")));

        // then: the summary and the answer, and the page with the declared baseline's answer
        assertThat(out.exit()).as(out.err()).isZero();
        assertThat(out.out())
                .contains("local-file-init")
                .contains("×init")
                .contains("comparisons (the other factors held fixed;")
                .contains(
                        "local-file-init: every variant compared has file-size=1MB\n"
                                + "local-file-init · ")
                .contains("  init=instant vs init=zero: ");
        // the one file size said once, each variant named by its init
        assertThat(out.out()).contains("local-file-init: every variant has file-size=1MB\n");
        assertThat(Files.readString(tmp.resolve("main/out.html")))
                .contains("Every variant: file-size=1MB</p>")
                .contains("<li>init=instant ");
        assertThat(out.out()).doesNotContain("runs in the dataset");

        // and: run again, it says how to follow the experiment run by run
        scaled.subList(scaled.size() - 2, scaled.size()).clear();
        CliOutput again = CliOutput.run(located(scaled, tmp.resolve("main")));
        assertThat(again.exit()).as(again.err()).isZero();
        assertThat(again.out())
                .endsWith(
                        "\nlocal-file-init has 2 runs in the dataset; run by run, and where its level"
                                + " changed: storagebench trend --experiment 'local-file-init'\n");
    }
}
