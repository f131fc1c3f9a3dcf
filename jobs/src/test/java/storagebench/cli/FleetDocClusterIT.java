package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.ClusterNeeds;
import storagebench.config.Settings;
import storagebench.require.Requirement;
import storagebench.sink.Dataset;

/**
 * docs/fleet.md's "Try it on one machine", run as a newcomer runs it: the bash block as written, from
 * the clone's top folder, with {@code /tmp/fleet} this test's folder. Three brokers, two sinks, two
 * runner hosts, a broker stopped between runs; then every trial once in the dataset.
 */
class FleetDocClusterIT {
    private static final Path PROJECT = Path.of("..").toAbsolutePath().normalize();

    @TempDir Path tmp;

    @Test
    void theOneMachineFleetOfTheDocsRunsAsWritten() throws Exception {
        // given
        ClusterNeeds.missing()
                .ifPresent(
                        why -> {
                            throw Requirement.CLUSTER.missing(why);
                        });
        Path fleet = Files.createDirectories(tmp.resolve("fleet"));
        String block =
                block(
                        Files.readString(PROJECT.resolve("docs/fleet.md")),
                        "## Try it on one machine");
        Path script = tmp.resolve("fleet.sh");
        Files.writeString(script, block.replace("/tmp/fleet", fleet.toString()));
        Path log = tmp.resolve("fleet.log");
        // when
        ProcessBuilder builder =
                new ProcessBuilder("bash", "-eu", "-o", "pipefail", script.toString())
                        .directory(PROJECT.toFile())
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile());
        Map<String, String> env = builder.environment();
        env.remove("STORAGEBENCH_DATA_DIR");
        env.remove("STORAGEBENCH_KAFKA_BOOTSTRAP_SERVERS");
        Process bash = builder.start();
        boolean ended = bash.waitFor(20, TimeUnit.MINUTES);
        if (!ended) {
            bash.destroyForcibly();
        }
        // a block that stopped part way leaves its brokers and sinks behind: end them
        Runtime.getRuntime()
                .exec(new String[] {"pkill", "-f", fleet.toString()})
                .waitFor(30, TimeUnit.SECONDS);
        String output = Files.readString(log);
        // then: it ran to its end, and the dataset holds three runs' 24 measured trials, each once
        assertThat(ended).as(output).isTrue();
        assertThat(bash.exitValue()).as(output).isZero();
        assertThat(output)
                .contains("cluster of 3 broker(s)")
                .contains("local-file-init")
                .doesNotContain("\tat ");
        Settings settings =
                Settings.load(
                        null,
                        Map.of(),
                        Map.of(
                                "data-dir",
                                fleet.resolve("host-a").toString(),
                                "dataset.url",
                                fleet.resolve("dataset").toString()));
        Dataset dataset = new Dataset(settings.parquetDir());
        assertThat(dataset.column("runs", "DISTINCT run_id")).hasSize(3);
        List<String> measured =
                dataset.column(
                        "trials",
                        "run_id || '/' || trial_index FROM (SELECT * FROM read_parquet('"
                                + settings.parquetDir().resolve("trials")
                                + "/**/*.parquet', hive_partitioning = true, union_by_name ="
                                + " true)) WHERE phase = 'measured' --");
        assertThat(measured).hasSize(24).doesNotHaveDuplicates();
        assertThat(dataset.rows("trials")).isEqualTo(dataset.distinctEventIds("trials"));
    }

    /** The first bash block under {@code heading}. */
    static String block(String markdown, String heading) {
        int start = markdown.indexOf(heading);
        assertThat(start).as("the page has " + heading).isNotNegative();
        Matcher block = Pattern.compile("```bash\\n(.*?)```", Pattern.DOTALL).matcher(markdown);
        assertThat(block.find(start)).as("a bash block under " + heading).isTrue();
        return block.group(1);
    }
}
