package storagebench.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * README's command for Spark SQL over one's own dataset, run as written by bash from a folder that
 * holds {@code data/} (made by the built jar) and a copy of the module, with this build's Maven.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class QueryCommandIT {
    private static final Path README = Path.of(System.getProperty("storagebench.readme"));
    private static final long TIMEOUT_SECONDS = 300;

    private Path dir;

    @BeforeAll
    void makeADatasetBesideTheModule(@TempDir Path dir) throws Exception {
        this.dir = dir;
        App app =
                new App(
                        Files.createDirectory(dir.resolve("data")),
                        Path.of("target", "query-logs"));
        Path csv = dir.resolve("disks.csv");
        Files.writeString(
                csv,
                "trial,start,duration_s,disk\n"
                        + "t1,2026-11-30T08:00:00Z,1.5,nvme\n"
                        + "t2,2026-11-30T08:00:05Z,2.5,sata\n"
                        + "t3,2026-11-30T08:00:10Z,4.0,nvme\n"
                        + "t4,2026-11-30T08:00:15Z,6.0,sata\n");
        try {
            app.run(
                    "import",
                    "--format=csv",
                    "--experiment=disks",
                    "--option=map.trial=trial",
                    "--option=map.start=start",
                    "--option=map.duration_s=duration_s",
                    "--option=factor.disk=disk",
                    "--no-report",
                    csv.toString());
        } finally {
            app.run("broker", "stop");
        }
        // a copy of the module (its pom and main sources): the command compiles into its own
        // target/, not into the one this build's tests run from
        Path module = Path.of(System.getProperty("storagebench.module"));
        copy(module.resolve("pom.xml"), dir.resolve("verify-spark/pom.xml"));
        copy(module.resolve("src/main"), dir.resolve("verify-spark/src/main"));
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.toList()) {
                Path copy = to.resolve(from.relativize(file).toString());
                Files.createDirectories(Files.isDirectory(file) ? copy : copy.getParent());
                if (Files.isRegularFile(file)) {
                    Files.copy(file, copy);
                }
            }
        }
    }

    @Test
    void readmesCommandPrintsTheQuerysResult() throws Exception {
        // given
        String command = readmesCommand();

        // when
        String printed = bash(command);

        // then: Spark's table, each row's cells between bars
        assertThat(command).contains("-Ddataset=data/parquet", "-Dsql=");
        assertThat(printed.replace(" ", ""))
                .contains("|experiment|variant|n|mean_s|")
                .contains("|disks|disk=nvme|2|2.75|")
                .contains("|disks|disk=sata|2|4.25|");
    }

    @Test
    void withoutAQueryItPrintsEachTablesRowCount() throws Exception {
        // given
        String command = readmesCommand().replaceAll(" -Dsql=\".*\"", "");

        // when
        String printed = bash(command);

        // then
        assertThat(printed.replace(" ", ""))
                .contains("|runs|1|", "|trials|4|", "|run_finished|1|")
                .doesNotContain("io_samples");
    }

    /** README's ```bash line that runs exec:exec, continuation lines joined. */
    private static String readmesCommand() throws IOException {
        String readme = Files.readString(README);
        int at = readme.indexOf("mvn -q -f verify-spark/pom.xml compile exec:exec");
        assertThat(at).as("README's query command").isPositive();
        assertThat(readme.lastIndexOf("```bash\n", at))
                .isGreaterThan(readme.lastIndexOf("```\n", at));
        return readme.substring(at, readme.indexOf("\n```", at)).replace("\\\n", " ");
    }

    /** Runs the command in the folder that holds data/ and verify-spark/; its stdout. */
    private String bash(String command) throws IOException, InterruptedException {
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        ProcessBuilder builder =
                new ProcessBuilder(List.of("bash", "-c", command))
                        .directory(dir.toFile())
                        .redirectOutput(out.toFile())
                        .redirectError(err.toFile());
        Map<String, String> env = builder.environment();
        env.put("PATH", Path.of(System.getProperty("maven.home"), "bin") + ":" + env.get("PATH"));
        env.put("MAVEN_OPTS", "-Dmaven.repo.local=" + System.getProperty("maven.repo.local"));
        Process process = builder.start();
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError(command + ": no end within " + TIMEOUT_SECONDS + " s");
        }
        String printed = Files.readString(out);
        assertThat(process.exitValue())
                .as("%s%n%s%n%s", command, printed, Files.readString(err))
                .isZero();
        return printed;
    }
}
