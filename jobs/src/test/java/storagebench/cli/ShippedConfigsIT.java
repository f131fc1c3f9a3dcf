package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import storagebench.sink.Dataset;

/**
 * Every experiment in pipeline-config/local runs at small scale through the real broker, runner and
 * sink (scaled down with --override, as a user would for a smoke run), and the dataset holds what it
 * should. The broker is started by the test on the data directory; each run finds and uses it.
 */
class ShippedConfigsIT extends BrokerOnDataDir {
    private static Path config(String name) {
        return Path.of("..", "pipeline-config", "local", name);
    }

    private static int run(String name, String... overrides) {
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "run",
                                config(name).toString(),
                                "--data-dir",
                                data.toString(),
                                "--override",
                                "repetitions=1",
                                "--override",
                                "warmups=1"));
        for (String o : overrides) {
            args.add("--override");
            args.add(o);
        }
        return Main.execute(args.toArray(String[]::new));
    }

    private static Dataset dataset() {
        return new Dataset(data.resolve("parquet"));
    }

    private static long trials(String experiment, String where) throws Exception {
        return Long.parseLong(
                dataset()
                        .column(
                                "trials",
                                "count(*) FILTER (WHERE experiment = '"
                                        + experiment
                                        + "' AND phase = 'measured' AND "
                                        + where
                                        + ")")
                        .get(0));
    }

    @Test
    void everyShippedConfigHasATest() throws Exception {
        try (var files = Files.list(Path.of("..", "pipeline-config", "local"))) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted().toList())
                    .containsExactly(
                            "command.yaml",
                            "file-grow.yaml",
                            "file-init.yaml",
                            "file-io-capped.yaml",
                            "file-io.yaml",
                            "filegroup-insert.yaml");
        }
    }

    @Test
    void fileInit() throws Exception {
        // when
        int exit = run("file-init.yaml", "factors.file-size=[1MB, 4MB]");
        // then: 4 variants × (1 warm-up + 1 measured), one 'create' step each
        assertThat(exit).isZero();
        assertThat(trials("local-file-init", "step = 'create'")).isEqualTo(8);
        assertThat(trials("local-file-init", "warmup")).isEqualTo(4);
        assertThat(trials("local-file-init", "outcome = 'OK'")).isEqualTo(8);
        // set-up and clean-up are recorded too, untimed: one 'prepare' and one 'delete' per trial
        assertThat(
                        Long.parseLong(
                                dataset()
                                        .column(
                                                "trials",
                                                "count(*) FILTER (WHERE experiment = 'local-file-init'"
                                                        + " AND phase IN ('setup', 'cleanup'))")
                                        .get(0)))
                .isEqualTo(16);
        // and compare and trend work on it as shipped
        CliOutput compared =
                CliOutput.run(
                        "compare",
                        "--data-dir",
                        data.toString(),
                        "--experiment",
                        "local-file-init");
        assertThat(compared.exit()).as(compared.err()).isZero();
        assertThat(compared.out()).contains("local-file-init · ").contains(" · create · duration");
        // against the baseline the config declares, the file size held fixed
        assertThat(compared.out())
                .contains("init=instant vs init=zero (with file-size=1MB): ")
                .contains("init=instant vs init=zero (with file-size=4MB): ")
                .doesNotContain("vs init=instant");
        CliOutput trend =
                CliOutput.run(
                        "trend", "--data-dir", data.toString(), "--experiment", "local-file-init");
        assertThat(trend.exit()).as(trend.err()).isZero();
        assertThat(trend.out()).contains("one run: nothing to judge against yet");
    }

    @Test
    void fileGrow() throws Exception {
        // when
        int exit = run("file-grow.yaml", "workload.file-size=1MB", "workload.grow-to=4MB");
        // then
        assertThat(exit).isZero();
        assertThat(trials("local-file-grow", "step = 'grow' AND outcome = 'OK'")).isEqualTo(4);
        assertThat(
                        dataset()
                                .column(
                                        "trials",
                                        "DISTINCT metrics['grown_from_bytes'] FROM (SELECT * FROM "
                                                + "read_parquet('"
                                                + data.resolve("parquet/trials")
                                                + "/**/*.parquet', hive_partitioning = true)) "
                                                + "WHERE experiment = 'local-file-grow' AND phase = 'measured' --"))
                .containsExactly(String.valueOf(1024.0 * 1024));
    }

    @Test
    void filegroupInsert() throws Exception {
        // when
        int exit = run("filegroup-insert.yaml", "workload.rows=400");
        // then: 4 zipped variants, per-file fill within one extent of the proportional share
        assertThat(exit).isZero();
        assertThat(trials("local-filegroup-insert", "step = 'insert' AND outcome = 'OK'"))
                .isEqualTo(8);
        assertThat(
                        dataset()
                                .column(
                                        "trials",
                                        "DISTINCT variant FROM (SELECT * FROM read_parquet('"
                                                + data.resolve("parquet/trials")
                                                + "/**/*.parquet', hive_partitioning = true)) WHERE experiment = "
                                                + "'local-filegroup-insert' --"))
                .containsExactlyInAnyOrder(
                        "files=100, file-size=20MB",
                        "files=5, file-size=200MB",
                        "files=50, file-size=20MB",
                        "files=500, file-size=20MB");
        assertThat(trials("local-filegroup-insert", "metrics['fill_max_deviation_pages'] > 8"))
                .isZero();
        assertThat(trials("local-filegroup-insert", "metrics['rows'] = 400")).isEqualTo(8);
        // compare answers the seed's question against its 5 files, though the sizes are zipped
        CliOutput compared =
                CliOutput.run(
                        "compare",
                        "--data-dir",
                        data.toString(),
                        "--experiment",
                        "local-filegroup-insert",
                        "--metric",
                        "duration");
        assertThat(compared.exit()).as(compared.err()).isZero();
        assertThat(compared.out())
                .contains("files=50, file-size=20MB vs files=5, file-size=200MB: ")
                .contains("files=500, file-size=20MB vs files=5, file-size=200MB: ");
        // and the summary's ×files column holds the same four variants together
        CliOutput report =
                CliOutput.run(
                        "report",
                        "--data-dir",
                        data.toString(),
                        "--experiment",
                        "local-filegroup-insert");
        assertThat(report.out().lines().findFirst().orElseThrow()).contains("×files");
        assertThat(report.out()).contains("×1.00");
    }

    @Test
    void fileIo() throws Exception {
        // when
        int exit = run("file-io.yaml", "workload.file-size=16MB", "workload.duration=2s");
        // then: an IoSample per file per interval (2 intervals of 1 s, maybe a short tail) for
        // every trial
        assertThat(exit).isZero();
        assertThat(trials("local-file-io", "step = 'io' AND outcome = 'OK'")).isEqualTo(4);
        List<String> perTrial =
                dataset()
                        .column(
                                "io_samples",
                                "count(*) FROM (SELECT * FROM read_parquet('"
                                        + data.resolve("parquet/io_samples")
                                        + "/**/*.parquet', hive_partitioning = true)) WHERE "
                                        + "experiment = 'local-file-io' GROUP BY trial_id --");
        assertThat(perTrial).hasSize(4).allMatch(n -> Integer.parseInt(n) >= 2);
        // and compare shows the workload's headline metrics, not the fixed run time they measure
        CliOutput compared =
                CliOutput.run(
                        "compare", "--data-dir", data.toString(), "--experiment", "local-file-io");
        assertThat(compared.exit()).as(compared.err()).isZero();
        assertThat(compared.out())
                .contains("local-file-io · ")
                .doesNotContain(" · io · duration")
                .contains(" · io · iops")
                .contains(" · io · latency_p99_us")
                .contains("threads=1 vs threads=8: n/a (n = 1)");
        // and the report shows them, not the fixed run time their step was set to last
        CliOutput report =
                CliOutput.run(
                        "report", "--data-dir", data.toString(), "--experiment", "local-file-io");
        assertThat(report.out())
                .startsWith("iops (higher is better)\n")
                .doesNotContain(" unit ")
                .contains("queued_ms (lower is better)");
    }

    @Test
    void fileIoCapped() throws Exception {
        // when
        int exit =
                run(
                        "file-io-capped.yaml",
                        "factors.file-size=[4MB, 8MB]",
                        "workload.size-scale=16384",
                        "workload.duration=2s",
                        "workload.threads=2");
        // then: the modelled caps shape the samples
        assertThat(exit).isZero();
        List<String> modelled =
                dataset()
                        .column(
                                "io_samples",
                                "DISTINCT modelled FROM (SELECT * FROM "
                                        + "read_parquet('"
                                        + data.resolve("parquet/io_samples")
                                        + "/**/*.parquet', hive_partitioning = true))"
                                        + " WHERE experiment = 'local-file-io-capped' --");
        assertThat(modelled).containsExactly("true");
        assertThat(trials("local-file-io-capped", "step = 'io' AND outcome = 'OK'")).isEqualTo(4);
    }

    @Test
    void command() throws Exception {
        // when
        int exit = run("command.yaml", "factors.size-mb=[1, 2]", "factors.files=[2]");
        // then
        assertThat(exit).isZero();
        assertThat(trials("local-command-tempdb", "step = 'run' AND outcome = 'OK'")).isEqualTo(8);
        assertThat(trials("local-command-tempdb", "metrics['exit_code'] = 0")).isEqualTo(8);
    }
}
