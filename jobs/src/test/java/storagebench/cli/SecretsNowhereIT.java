package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;

/**
 * Secrets planted in every field of a config that can hold one (command, setup, cleanup, env, the
 * target's URL, the settings file, factors, description), and a secret given the recommended way
 * ({@code ${env:NAME}}), are found in no byte under the data directory (the broker's log segments,
 * the job repository, the run's files, the dataset), in no output of run, report, export, replay or a
 * refused restart, and not in the export or the replayed dataset. The commands run in child JVMs, as
 * a user's shell starts them, so the recommended secret comes from a real environment variable.
 */
class SecretsNowhereIT extends BrokerOnDataDir {
    /** Every planted secret holds this; none may appear anywhere. */
    private static final String MARK = "S3CR3T";

    /** The value of the environment variable the configs refer to. */
    private static final String FROM_ENV = MARK + "-FROM-ENV";

    @Test
    void noPlantedSecretIsRecordedOrPrintedAnywhere() throws Exception {
        // given: programs standing in for sqlcmd and mysql, a settings file and three configs
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        for (String tool : List.of("sqlcmd", "mysql")) {
            Path script = bin.resolve(tool);
            Files.writeString(script, "#!/bin/sh\nexit 0\n");
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Path settings = tmp.resolve("storagebench.properties");
        Files.writeString(settings, "kafka.client.ssl.key.password=" + MARK + "-SETTINGS\n");
        Path command = tmp.resolve("command.yaml");
        Files.writeString(
                command,
                """
                experiment: secrets-command
                description: copied from postgresql://bob:%1$s-DESC@db/x, run with --password %1$s-DESC2
                target: {kind: local, directory: %2$s}
                workload:
                  type: command
                  # the program checks that both references were resolved when it started
                  command: >-
                    sh -c 'test "$2" = "$SB_IT_SECRET" && test "$4" = "$SB_IT_SECRET" && test "$SB_REF" = "$SB_IT_SECRET"'
                    sb --password ${env:SB_IT_SECRET} --password {auth} --db-password=%1$s-CMD
                  setup: %3$s/sqlcmd -S db -U sa -P %1$s-SETUP -Q select
                  cleanup: %3$s/mysql -u root -p%1$s-CLEANUP -e select
                  env: "PGPASSWORD=%1$s-ENV1;API_KEY=%1$s-ENV2;SB_REF=${env:SB_IT_SECRET}"
                factors:
                  auth: ['${env:SB_IT_SECRET}']
                  size: [1, 2]
                repetitions: 1
                warmups: 0
                """
                        .formatted(MARK, tmp.resolve("work"), bin));
        Path url = tmp.resolve("url.yaml");
        Files.writeString(
                url,
                """
                experiment: secrets-url
                target:
                  kind: h2
                  url: jdbc:h2:file:%2$s;PASSWORD=%1$s-URL
                workload:
                  type: filegroup-insert
                  files: 1
                  name: sb_secret
                  sample-interval: 0s
                factors:
                  rows: [20]
                repetitions: 1
                warmups: 0
                """
                        .formatted(MARK, tmp.resolve("h2/sb")));
        Path factor = tmp.resolve("factor.yaml");
        Files.writeString(
                factor,
                Files.readString(command)
                        .replace("experiment: secrets-command", "experiment: secrets-factor")
                        .replace("size: [1, 2]", "size: ['Server=db;PWD=" + MARK + "-FACTOR']"));
        List<String> printed = new ArrayList<>();

        // when: the runs, a refused run, a refused restart, report, export and replay
        Child run = cli(printed, "run", command.toString());
        Child database = cli(printed, "run", url.toString());
        Child refused = cli(printed, "run", factor.toString());
        String runId = onlyRun("secrets-command");
        Child restart = cli(printed, "run", "--restart", runId);
        Child report = cli(printed, "report");
        Path export = tmp.resolve("history.avro");
        Child exported = cli(printed, "export", "--to", export.toString());
        Path rebuilt = tmp.resolve("rebuilt");
        Child replayed = cli(printed, "replay", "--to", rebuilt.toString());

        // then: each did what it does
        assertThat(run.exit).as(run.output).isZero();
        assertThat(run.output).contains("secrets-command", "auth=${env:SB_IT_SECRET}");
        assertThat(database.exit).as(database.output).isZero();
        assertThat(refused.exit).as(refused.output).isEqualTo(2);
        assertThat(refused.output).contains("'factors.size[0]': holds a password");
        assertThat(restart.exit).as(restart.output).isEqualTo(2);
        assertThat(restart.output)
                .contains("experiment.yaml:")
                .contains("a secret was removed from this stored copy")
                .contains("${env:NAME}");
        assertThat(report.exit).as(report.output).isZero();
        assertThat(report.output).contains("secrets-command", "secrets-url");
        assertThat(exported.exit).as(exported.output).isZero();
        assertThat(replayed.exit).as(replayed.output).isZero();
        // and the stored copy shows what was removed and keeps the references as written
        String stored =
                Files.readString(data.resolve("runs").resolve(runId).resolve("experiment.yaml"));
        assertThat(stored)
                .contains("--password ${env:SB_IT_SECRET}", "SB_REF=${env:SB_IT_SECRET}")
                .contains("--db-password=***", "-P ***", "-p***", "PGPASSWORD=***;API_KEY=***")
                .contains("postgresql://bob:***@db/x");
        // and no byte of a secret anywhere: the outputs, the data directory (broker log segments
        // included), the export and the replayed dataset
        assertThat(String.join("\n", printed)).doesNotContain(MARK);
        // the dataset's and the export's files are compressed: decoded, as their readers see them
        for (Path dataset : List.of(data.resolve("parquet"), rebuilt)) {
            String rows = datasetText(dataset);
            assertThat(rows).contains("--password ${env:SB_IT_SECRET}", "jdbc:h2:file:");
            assertThat(rows).as("the dataset " + dataset).doesNotContain(MARK);
        }
        String archived = archiveText(export);
        assertThat(archived).contains("--password ${env:SB_IT_SECRET}", "secrets-url");
        assertThat(archived).as("the export").doesNotContain(MARK);
        List<Path> files = new ArrayList<>(files(data));
        files.addAll(files(rebuilt));
        files.add(export);
        assertThat(files)
                .anyMatch(f -> f.toString().contains("kafka") && f.toString().endsWith(".log"))
                .anyMatch(f -> f.toString().endsWith(".parquet"))
                .anyMatch(f -> f.getFileName().toString().equals("experiment.yaml"));
        for (Path file : files) {
            assertThat(contains(Files.readAllBytes(file), MARK.getBytes(StandardCharsets.UTF_8)))
                    .as("a secret in %s", file)
                    .isFalse();
        }
    }

    @Test
    void readmesSecretsSectionRunsAsWritten() throws Exception {
        // given: the section's YAML in the file its command names, its export in the environment
        String readme =
                Files.readString(Path.of("..").toAbsolutePath().normalize().resolve("README.md"));
        String section = readme.substring(readme.indexOf("### Secrets"));
        section = section.substring(0, section.indexOf("\n## "));
        Matcher yaml = Pattern.compile("```yaml\\n(.*?)```", Pattern.DOTALL).matcher(section);
        Matcher bash = Pattern.compile("```bash\\n(.*?)```", Pattern.DOTALL).matcher(section);
        assertThat(yaml.find()).as("a yaml block in README's Secrets").isTrue();
        assertThat(bash.find()).as("a bash block in README's Secrets").isTrue();
        Map<String, String> env = new LinkedHashMap<>();
        List<String> command = null;
        for (String line : bash.group(1).split("\n")) {
            if (line.startsWith("export ")) {
                String[] pair = line.substring("export ".length()).split("=", 2);
                env.put(pair[0], pair[1]);
            } else if (line.startsWith("./storagebench ")) {
                command = new ArrayList<>(List.of(line.substring(15).strip().split("\\s+")));
            }
        }
        assertThat(command).as("the section's command").isNotNull();
        Path work = Files.createDirectories(tmp.resolve("readme"));
        String file = command.get(command.size() - 1);
        Files.writeString(work.resolve(file), yaml.group(1));
        command.set(command.size() - 1, work.resolve(file).toString());
        String secret = env.values().iterator().next();
        List<String> printed = new ArrayList<>();

        // when
        Child run = cli(printed, env, command.toArray(String[]::new));
        Child unset = cli(printed, Map.of(), command.toArray(String[]::new));

        // then: it ran, the value was the variable's, and it is nowhere; without it, exit 2 naming
        // it
        assertThat(run.exit).as(run.output).isZero();
        assertThat(unset.exit).as(unset.output).isEqualTo(2);
        assertThat(unset.output)
                .contains(
                        work.resolve(file)
                                + ":5: 'workload.command': ${env:SB_PASSWORD}: the environment"
                                + " variable SB_PASSWORD is not set")
                .doesNotContain("\tat ");
        assertThat(String.join("\n", printed)).doesNotContain(secret);
        for (Path f : files(data)) {
            assertThat(contains(Files.readAllBytes(f), secret.getBytes(StandardCharsets.UTF_8)))
                    .as("the secret in %s", f)
                    .isFalse();
        }
    }

    /** Every row of every table of a dataset, each column as text, as DuckDB reads it. */
    private static String datasetText(Path root) throws Exception {
        StringBuilder text = new StringBuilder();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = c.createStatement();
                Stream<Path> tables = Files.list(root)) {
            for (Path table : tables.filter(SecretsNowhereIT::holdsParquet).toList()) {
                try (ResultSet rs =
                        s.executeQuery(
                                "SELECT * FROM read_parquet('"
                                        + table
                                        + "/**/*.parquet', union_by_name = true)")) {
                    int columns = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        for (int i = 1; i <= columns; i++) {
                            text.append(rs.getString(i)).append('|');
                        }
                        text.append('\n');
                    }
                }
            }
        }
        return text.toString();
    }

    private static boolean holdsParquet(Path dir) {
        try {
            return Files.isDirectory(dir)
                    && files(dir).stream().anyMatch(f -> f.toString().endsWith(".parquet"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every event of an export, decoded. */
    private static String archiveText(Path avro) throws IOException {
        StringBuilder text = new StringBuilder();
        try (DataFileReader<GenericRecord> reader =
                new DataFileReader<>(avro.toFile(), new GenericDatumReader<>())) {
            reader.forEach(event -> text.append(event).append('\n'));
        }
        return text.toString();
    }

    /** The data directory's only run of an experiment. */
    private static String onlyRun(String experiment) throws IOException {
        try (Stream<Path> runs = Files.list(data.resolve("runs"))) {
            List<Path> matching =
                    runs.filter(
                                    r -> {
                                        try {
                                            return Files.readString(r.resolve("experiment.yaml"))
                                                    .contains("experiment: " + experiment + "\n");
                                        } catch (IOException e) {
                                            return false;
                                        }
                                    })
                            .toList();
            assertThat(matching).hasSize(1);
            return matching.get(0).getFileName().toString();
        }
    }

    private static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).toList();
        }
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                return true;
            }
        }
        return false;
    }

    /** A command's exit code and everything it printed. */
    private record Child(int exit, String output) {}

    /** Runs a command in a child JVM with the secret in its environment, on the test's data directory. */
    private static Child cli(List<String> printed, String... args) throws Exception {
        return cli(printed, Map.of("SB_IT_SECRET", FROM_ENV), args);
    }

    /** Runs a command in a child JVM with {@code env} added to its environment. */
    private static Child cli(List<String> printed, Map<String, String> env, String... args)
            throws Exception {
        List<String> command =
                new ArrayList<>(
                        List.of(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "-Xmx384m",
                                "-Dorg.apache.avro.SERIALIZABLE_PACKAGES=storagebench.events",
                                "-cp",
                                System.getProperty("java.class.path"),
                                Main.class.getName()));
        command.addAll(List.of(args));
        command.addAll(
                List.of(
                        "--data-dir",
                        data.toString(),
                        "--settings",
                        tmp.resolve("storagebench.properties").toString()));
        Path log = Files.createTempFile(tmp, "child", ".log");
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(env);
        builder.environment().put("STORAGEBENCH_PLAIN", "1");
        Process process = builder.start();
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).as(String.join(" ", args)).isTrue();
        String output = Files.readString(log);
        printed.add(output);
        return new Child(process.exitValue(), output);
    }
}
