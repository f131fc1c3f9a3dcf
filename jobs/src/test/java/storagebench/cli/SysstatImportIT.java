package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import storagebench.sink.Dataset;

/**
 * An iostat and a sar log through the real import path (broker, job repository, sink): each is one run
 * of one trial, step sampled, labelled by --experiment and --factor like the HammerDB log it would go
 * with, and its host samples land in host_samples with the live sampler's sources, names and keys,
 * read back with DuckDB; a file of the other format is refused (quarantine: the parsers' tests).
 */
class SysstatImportIT extends BrokerOnDataDir {
    private static final String EXPERIMENT = "seed-003-oltp";

    private static CliOutput importing(String... args) {
        List<String> all = new ArrayList<>(List.of("import", "--data-dir", data.toString()));
        all.addAll(List.of(args));
        return CliOutput.run(all.toArray(String[]::new));
    }

    private static String fixture(String name) throws Exception {
        return ImportIT.fixture(name).toString();
    }

    private static List<String> query(String table, String select, String rest) throws Exception {
        return new Dataset(data.resolve("parquet"))
                .column(
                        table,
                        select
                                + " FROM (SELECT * FROM read_parquet('"
                                + data.resolve("parquet").resolve(table)
                                + "/**/*.parquet', hive_partitioning = true)) "
                                + rest
                                + " --");
    }

    @Test
    void iostatAndSarLogsLandInHostSamplesAsOneSampledTrialEachOfTheVariantGiven()
            throws Exception {
        // when
        CliOutput iostat =
                importing(
                        "--format",
                        "iostat",
                        "--experiment",
                        EXPERIMENT,
                        "--host",
                        "db1",
                        "--factor",
                        "virtual-users=4",
                        fixture("iostat/x-t-iso.txt"));
        CliOutput sar =
                importing(
                        "--format",
                        "sar",
                        "--experiment",
                        EXPERIMENT,
                        "--host",
                        "db1",
                        "--factor",
                        "virtual-users=4",
                        fixture("sar/sadf-d.txt"));

        // then each is one run of one trial
        assertThat(iostat.exit()).as(iostat.err()).isZero();
        assertThat(iostat.out())
                .contains("x-t-iso.txt imported as run import-iostat-")
                .contains("1 trial(s), 0 failed, 0 quarantined");
        assertThat(sar.exit()).as(sar.err()).isZero();
        assertThat(sar.out())
                .contains("sadf-d.txt imported as run import-sar-")
                .contains("1 trial(s), 0 failed, 0 quarantined");
        assertThat(
                        query(
                                "trials",
                                "split_part(run_id, '-', 2) || ' ' || step || ' ' || variant || ' '"
                                        + " || CAST(duration_ns // 1000000000 AS BIGINT)",
                                "WHERE experiment = '" + EXPERIMENT + "' ORDER BY 1"))
                .containsExactly(
                        "iostat sampled virtual-users=4 4", "sar sampled virtual-users=4 4");

        // and host_samples has a row per interval, source and name, all of the variant
        assertThat(
                        query(
                                "host_samples",
                                "split_part(run_id, '-', 2) || ' ' || source || '/' || name || ' '"
                                        + " || count(*) || ' ' || min(variant) || ' ' || min(phase)",
                                "WHERE experiment = '"
                                        + EXPERIMENT
                                        + "' GROUP BY run_id, source, name ORDER BY 1"))
                .containsExactly(
                        "iostat cpu/all 4 virtual-users=4 measured",
                        "iostat device/vda 4 virtual-users=4 measured",
                        "sar core/cpu0 4 virtual-users=4 measured",
                        "sar core/cpu1 4 virtual-users=4 measured",
                        "sar cpu/all 4 virtual-users=4 measured",
                        "sar device/vda 4 virtual-users=4 measured",
                        "sar memory/all 4 virtual-users=4 measured",
                        "sar pressure/all 4 virtual-users=4 measured");

        // and the live sampler's query reads them: device util and CPU busy as shares
        assertThat(
                        query(
                                "host_samples",
                                "split_part(run_id, '-', 2) || ' ' || round(avg(metrics['util']), 3)"
                                        + " || ' ' || strftime(min(interval_start) AT TIME ZONE 'UTC',"
                                        + " '%H:%M:%S')",
                                "WHERE experiment = '"
                                        + EXPERIMENT
                                        + "' AND source = 'device' GROUP BY run_id ORDER BY 1"))
                .containsExactly("iostat 0.825 10:22:46", "sar 0.64 10:27:33");
        assertThat(
                        query(
                                "host_samples",
                                "count(*)",
                                "WHERE experiment = '"
                                        + EXPERIMENT
                                        + "' AND source = 'cpu' AND metrics['user'] +"
                                        + " metrics['system'] BETWEEN 0 AND 1"))
                .containsExactly("8");

        // and a file of the other format is refused before anything runs
        CliOutput refused =
                importing(
                        "--format", "iostat", "--experiment", "refused", fixture("sar/sadf-d.txt"));
        assertThat(refused.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(refused.err()).contains("sadf-d.txt").contains("not iostat -x -t output");
    }

    @Test
    void withHostFromLogEachRunIsOfTheHostItsLogNames() throws Exception {
        // when: another iostat and sar log of host vm, their hosts taken from them
        List<String> iostatArgs =
                List.of(
                        "--format",
                        "iostat",
                        "--experiment",
                        "logged-host",
                        "--host-from-log",
                        fixture("iostat/x-t-once.txt"));
        List<String> dryRun = new ArrayList<>(List.of("--dry-run"));
        dryRun.addAll(iostatArgs);
        CliOutput preview = importing(dryRun.toArray(String[]::new));
        CliOutput iostat = importing(iostatArgs.toArray(String[]::new));
        CliOutput sar =
                importing(
                        "--format",
                        "sar",
                        "--experiment",
                        "logged-host",
                        "--host-from-log",
                        fixture("sar/sadf-d-m-cpu.txt"));

        // then: the dry run says so, and each run, its trial and its samples are of host vm
        assertThat(preview.exit()).as(preview.err()).isZero();
        assertThat(preview.out()).contains("(experiment logged-host, host vm)");
        assertThat(iostat.exit()).as(iostat.err()).isZero();
        assertThat(sar.exit()).as(sar.err()).isZero();
        String ofTheExperiment = "WHERE experiment = 'logged-host' ORDER BY 1";
        assertThat(
                        query(
                                "runs",
                                "split_part(run_id, '-', 2) || ' ' || host.hostname",
                                ofTheExperiment))
                .containsExactly("iostat vm", "sar vm");
        assertThat(query("trials", "split_part(run_id, '-', 2) || ' ' || host", ofTheExperiment))
                .containsExactly("iostat vm", "sar vm");
        assertThat(query("host_samples", "DISTINCT host", ofTheExperiment)).containsExactly("vm");

        // and a log that names no host, or --host beside it, is refused before anything runs
        CliOutput nameless =
                importing(
                        "--format",
                        "pgbench",
                        "--host-from-log",
                        fixture("pgbench/summary-pg15-progress-r.txt"));
        assertThat(nameless.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(nameless.err())
                .contains("summary-pg15-progress-r.txt: --host-from-log: names no host")
                .contains("give --host");
        CliOutput both =
                importing(
                        "--format",
                        "iostat",
                        "--host-from-log",
                        "--host",
                        "db1",
                        fixture("iostat/x-t-once.txt"));
        assertThat(both.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(both.err()).contains("--host and --host-from-log: give one");
    }
}
