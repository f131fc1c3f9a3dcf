package storagebench.workload.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.cli.Main;
import storagebench.sink.Dataset;

/**
 * A command experiment whose output a log parser reads, through the real runner, broker and sink: the
 * parsed steps are sub-steps of the trial, their metrics on the run step; output in another format
 * fails the trial with the reason.
 */
class CommandParserIT {
    @TempDir Path tmp;

    @Test
    void fioOutputOfACommandBecomesSubStepsOfItsTrial() throws Exception {
        // given: the "benchmark" prints a real fio JSON output, or a pgbench output for the fio
        // parser
        Path fio = Path.of(getClass().getResource("/importer/fio/two-jobs.json").toURI());
        Path pgbench =
                Path.of(
                        getClass()
                                .getResource("/importer/pgbench/summary-pg15-no-server.txt")
                                .toURI());
        Path yaml =
                Files.writeString(
                        tmp.resolve("parsed.yaml"),
                        """
                experiment: command-parsed
                target: {kind: local}
                workload:
                  type: command
                  command: cat {output}
                  parser: fio
                factors:
                  output: ["%s", "%s"]
                repetitions: 1
                warmups: 0
                """
                                .formatted(fio, pgbench));
        Path data = tmp.resolve("data");
        // when
        int exit =
                Main.execute("run", yaml.toString(), "--data-dir", data.toString(), "--no-report");
        // then: the pgbench variant failed, the fio one has its sub-steps
        assertThat(exit).isEqualTo(Main.FAILED);
        Dataset dataset = new Dataset(data.resolve("parquet"));
        String table =
                "read_parquet('"
                        + data.resolve("parquet/trials")
                        + "/**/*.parquet', hive_partitioning = true)";
        assertThat(
                        dataset.column(
                                "trials",
                                "step || ' ' || outcome || ' ' || trial_index FROM (SELECT * FROM "
                                        + table
                                        + ") WHERE variant LIKE '%two-jobs%' --"))
                .containsExactlyInAnyOrder("run OK 0", "run.read OK 0", "run.write OK 0");
        assertThat(
                        dataset.column(
                                "trials",
                                "metrics['read.iops'] = (SELECT metrics['iops'] FROM "
                                        + table
                                        + " WHERE step = 'run.read') FROM (SELECT * FROM "
                                        + table
                                        + ") WHERE step = 'run' AND trial_index = 0"
                                        + " --"))
                .containsExactly("true");
        assertThat(
                        dataset.column(
                                "trials",
                                "count(DISTINCT trial_id) FROM (SELECT * FROM "
                                        + table
                                        + ") WHERE variant LIKE '%two-jobs%' --"))
                .containsExactly("1");
        assertThat(
                        dataset.column(
                                "trials",
                                "error FROM (SELECT * FROM "
                                        + table
                                        + ") WHERE variant LIKE "
                                        + "'%no-server%' --"))
                .singleElement()
                .asString()
                .contains("parser fio: run.stdout is not its format")
                .contains("fio --output-format=json");
    }
}
