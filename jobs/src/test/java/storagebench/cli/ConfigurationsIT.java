package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import storagebench.Hostname;

/**
 * Runs of one experiment whose fixed parameters differ, made as a user makes them: a shipped config
 * run as it is, then again scaled down with {@code --override}. {@code report}, {@code compare} and
 * {@code trend} keep the two configurations apart, each labelled by the key that differs; the trend
 * breaks at the change instead of calling it a regression; {@code --pool} pools on purpose and says
 * so.
 */
class ConfigurationsIT extends BrokerOnDataDir {
    private static Path config(String name) {
        return Path.of("..", "pipeline-config", "local", name);
    }

    private static void run(String name, String... overrides) {
        List<String> args =
                new ArrayList<>(
                        List.of("run", config(name).toString(), "--data-dir", data.toString()));
        for (String o : overrides) {
            args.add("--override");
            args.add(o);
        }
        CliOutput run = CliOutput.run(args.toArray(String[]::new));
        assertThat(run.exit()).as(run.err()).isZero();
    }

    private static CliOutput command(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.add(1, "--data-dir");
        all.add(2, data.toString());
        CliOutput out = CliOutput.run(all.toArray(String[]::new));
        assertThat(out.exit()).as(out.err()).isZero();
        return out;
    }

    @Test
    void filegroupInsertAtItsShippedScaleAndScaledDownAreTwoConfigurations() {
        // given: the shipped run (5,000 rows), then README's scaled-down run of it; each trial once
        // (repetitions and warm-ups are not part of a configuration, and keep the test short)
        run("filegroup-insert.yaml", "repetitions=1", "warmups=0");
        run("filegroup-insert.yaml", "repetitions=1", "warmups=0", "workload.rows=1000");
        String experiment = "local-filegroup-insert";
        // when
        CliOutput report = command("report", "--experiment", experiment);
        CliOutput compare = command("compare", "--experiment", experiment);
        CliOutput trend = command("trend", "--experiment", experiment);
        CliOutput pooled = command("report", "--experiment", experiment, "--pool");
        // then: every variant twice, once per configuration, never one row of both
        assertThat(report.out())
                .contains("configuration")
                .contains("rows=1000")
                .contains("rows=5000")
                .doesNotContain("pooled");
        assertThat(
                        report.out()
                                .lines()
                                .filter(l -> l.contains("rows=5000") && l.contains(" insert ")))
                .hasSize(4);
        assertThat(
                        report.out()
                                .lines()
                                .filter(l -> l.contains("rows=1000") && l.contains(" insert ")))
                .hasSize(4);
        assertThat(compare.out())
                .contains(
                        experiment + " · " + Hostname.get() + " · configuration rows=1000 · insert")
                .contains(
                        experiment
                                + " · "
                                + Hostname.get()
                                + " · configuration rows=5000 · insert");
        assertThat(trend.out())
                .contains("-- configuration changed: rows=1000 (was rows=5000) --")
                .contains(
                        "the configuration changed at the latest run (rows=1000; before: rows=5000)")
                .doesNotContain("REGRESSION");
        assertThat(pooled.out()).startsWith(PoolOption.POOLED).doesNotContain("rows=1000");
    }

    @Test
    void fileIoForTenSecondsAndForThreeAreTwoConfigurations() {
        // given: file-io as shipped (10 s) and for 3 s, once each per variant
        run("file-io.yaml", "repetitions=1", "warmups=0");
        run("file-io.yaml", "repetitions=1", "warmups=0", "workload.duration=3s");
        // when
        CliOutput report = command("report", "--experiment", "local-file-io");
        CliOutput compare = command("compare", "--experiment", "local-file-io", "--format", "csv");
        // then: repetitions and warm-ups are not part of a configuration, the duration is
        assertThat(report.out())
                .contains("duration=10s")
                .contains("duration=3s")
                .doesNotContain("repetitions=");
        assertThat(compare.out()).contains(",duration=10s,").contains(",duration=3s,");
    }
}
