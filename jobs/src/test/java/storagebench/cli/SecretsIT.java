package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Secrets planted wherever a config value can still legitimately go (a description, a url-like text, a
 * command, an environment, a host setting's command, an override, a target's password-env, an import's
 * quarantined line) are nowhere in the data directory after the runs, imports and sinks through the real
 * broker: not in the Kafka log, the Parquet dataset (decoded), the run folders, the quarantine or the job
 * repository. Secrets given where they would label results (a factor) are refused with exit 2.
 */
class SecretsIT extends BrokerOnDataDir {
    private static final String IN_DESCRIPTION = "Xq7hunterDesc";
    private static final String IN_PAIR = "Xq7hunterPair";
    private static final String IN_COMMAND = "Xq7hunterCmd";
    private static final String IN_ENV = "Xq7hunterEnv";
    private static final String IN_TOKEN = "Xq7hunterTok";
    private static final String IN_HOST_SETTING = "Xq7hunterHost";
    private static final String IN_OVERRIDE = "Xq7hunterOver";
    private static final String IN_TARGET_ENV = "Xq7hunterH2pw";
    private static final String IN_QUARANTINE = "Xq7hunterQuar";
    private static final String IN_FACTOR = "Xq7hunterFact";
    private static final List<String> ALL =
            List.of(
                    IN_DESCRIPTION,
                    IN_PAIR,
                    IN_COMMAND,
                    IN_ENV,
                    IN_TOKEN,
                    IN_HOST_SETTING,
                    IN_OVERRIDE,
                    IN_TARGET_ENV,
                    IN_QUARANTINE,
                    IN_FACTOR);

    @Test
    void noPlantedSecretIsStoredAnywhereInTheDataDirectory() throws Exception {
        // given: a local command experiment with secrets in its text, its command's environment and
        // an override
        Path setting = Files.writeString(tmp.resolve("setting"), "off\n");
        Path yaml =
                Files.writeString(
                        tmp.resolve("secrets.yaml"),
                        """
                experiment: secrets-command
                description: copied from postgresql://bob:%s@db.example/x; see jdbc:sqlserver://h;password=%s
                target: {kind: local}
                workload:
                  type: command
                  shell: true
                  command: test -n "$PGPASSWORD" && true https://ann:%s@h/x {disk}
                  env: "PGPASSWORD=%s;API_TOKEN=%s"
                host-settings:
                  my-setting:
                    apply: "echo {value} > %s # postgresql://u:%s@h/"
                    read: "cat %s"
                    shell: true
                factors:
                  disk: [ssd, hdd]
                  my-setting: [on]
                repetitions: 1
                warmups: 0
                """
                                .formatted(
                                        IN_DESCRIPTION,
                                        IN_PAIR,
                                        IN_COMMAND,
                                        IN_ENV,
                                        IN_TOKEN,
                                        setting,
                                        IN_HOST_SETTING,
                                        setting));
        // and an h2 experiment whose password comes from the environment of the process that runs
        // it
        Path h2 =
                Files.writeString(
                        tmp.resolve("h2.yaml"),
                        """
                experiment: secrets-h2
                target: {kind: h2, password-env: SB_IT_H2_PASSWORD}
                workload: {type: filegroup-insert, files: 1, rows: 20, sample-interval: 0s}
                repetitions: 1
                warmups: 0
                """);
        // and a log with a malformed line holding a password, imported with a factor
        Path log =
                Files.writeString(
                        tmp.resolve("timing.csv"),
                        "server,test,start,end\n"
                                + "A,ifi,2026-11-30 10:00:00,2026-11-30 10:00:05\n"
                                + "A,postgresql://carl:"
                                + IN_QUARANTINE
                                + "@h/db,2026-11-30 10:01:00,not-a-time\n");

        // when
        CliOutput run =
                CliOutput.run(
                        "run",
                        yaml.toString(),
                        "--data-dir",
                        data.toString(),
                        "--override",
                        "workload.setup=true https://ann:" + IN_OVERRIDE + "@h/");
        int h2Exit = childRun(h2);
        CliOutput imported =
                CliOutput.run(
                        "import",
                        "--format",
                        "timing-log",
                        "--factor",
                        "disk=nvme",
                        "--data-dir",
                        data.toString(),
                        log.toString());
        CliOutput secretFactor =
                CliOutput.run(
                        "import",
                        "--format",
                        "timing-log",
                        "--factor",
                        "db-password=" + IN_FACTOR,
                        "--data-dir",
                        data.toString(),
                        log.toString());
        CliOutput secretValue =
                CliOutput.run(
                        "import",
                        "--format",
                        "timing-log",
                        "--factor",
                        "url=postgresql://bob:" + IN_FACTOR + "@h/db",
                        "--data-dir",
                        data.toString(),
                        log.toString());

        // then: everything ran, the secret factors were refused without being shown
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(h2Exit).as(childLog()).isZero();
        assertThat(imported.exit()).as(imported.err()).isZero();
        assertThat(imported.out()).contains("1 quarantined");
        assertThat(secretFactor.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(secretFactor.err()).contains("--factor db-password: looks like a secret");
        assertThat(secretValue.exit()).isEqualTo(Main.BAD_INPUT);
        for (CliOutput output : List.of(run, imported, secretFactor, secretValue)) {
            assertThat(ALL).noneMatch(s -> output.out().contains(s) || output.err().contains(s));
        }
        assertThat(childLog()).doesNotContain(IN_TARGET_ENV);
        // and no file of the data directory holds a secret's bytes, nor does the dataset's decoded
        // text
        List<Path> files = files(data);
        assertThat(files)
                .anyMatch(f -> f.toString().contains("kafka"))
                .anyMatch(f -> f.toString().endsWith(".parquet"))
                .anyMatch(f -> f.toString().contains("quarantine"))
                .anyMatch(f -> f.toString().contains("runs"));
        for (Path file : files) {
            byte[] bytes = Files.readAllBytes(file);
            for (String secret : ALL) {
                assertThat(indexOf(bytes, secret.getBytes(StandardCharsets.UTF_8)))
                        .as("%s in %s", secret, file)
                        .isEqualTo(-1);
            }
        }
        String dataset = datasetText();
        assertThat(dataset)
                .as("the dataset's text, decoded")
                .contains("bob:***@db.example", "secrets-h2", "nvme");
        assertThat(ALL).noneMatch(dataset::contains);
        assertThat(
                        files.stream()
                                .filter(f -> f.toString().contains("quarantine"))
                                .anyMatch(f -> contains(f, "postgresql://carl:***@h/db")))
                .as("the quarantined line, its password as ***")
                .isTrue();
        assertThat(
                        files.stream()
                                .filter(f -> f.toString().contains("kafka"))
                                .anyMatch(f -> contains(f, "postgresql://bob:***@db.example")))
                .as("the redacted config is in the Kafka log")
                .isTrue();
    }

    /**
     * {@code storagebench run} in a child JVM whose environment holds the target's password, on the test's
     * broker (named: the child does not always see that the broker's lock is held in this JVM).
     */
    private static int childRun(Path yaml) throws Exception {
        ProcessBuilder child =
                new ProcessBuilder(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "-cp",
                                System.getProperty("java.class.path"),
                                Main.class.getName(),
                                "run",
                                yaml.toString(),
                                "--data-dir",
                                data.toString(),
                                "--bootstrap-servers",
                                kafka.bootstrapServers())
                        .redirectErrorStream(true)
                        .redirectOutput(tmp.resolve("child.log").toFile());
        child.environment().put("SB_IT_H2_PASSWORD", IN_TARGET_ENV);
        Process process = child.start();
        if (!process.waitFor(180, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the child run did not end: " + childLog());
        }
        return process.exitValue();
    }

    private static String childLog() {
        try {
            return Files.readString(tmp.resolve("child.log"));
        } catch (Exception e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static List<Path> files(Path dir) throws Exception {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).toList();
        }
    }

    private static boolean contains(Path file, String text) {
        try {
            return indexOf(Files.readAllBytes(file), text.getBytes(StandardCharsets.UTF_8)) >= 0;
        } catch (Exception e) {
            return false;
        }
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** Every value of every table of the dataset as text: Parquet pages are compressed, so bytes alone prove little. */
    private static String datasetText() throws Exception {
        StringBuilder text = new StringBuilder();
        List<String> tables = new ArrayList<>();
        try (Stream<Path> list = Files.list(data.resolve("parquet"))) {
            list.filter(Files::isDirectory)
                    .map(p -> p.getFileName().toString())
                    .filter(n -> !n.startsWith("_"))
                    .forEach(tables::add);
        }
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = duckdb.createStatement()) {
            for (String table : tables) {
                try (ResultSet rs =
                        s.executeQuery(
                                "SELECT * FROM read_parquet('"
                                        + data.resolve("parquet").resolve(table)
                                        + "/**/*.parquet', hive_partitioning = true, union_by_name = true)")) {
                    while (rs.next()) {
                        for (int c = 1; c <= rs.getMetaData().getColumnCount(); c++) {
                            text.append(rs.getString(c)).append('\n');
                        }
                    }
                }
            }
        }
        return text.toString();
    }
}
