package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import storagebench.config.ConfigException;
import storagebench.experiment.ExperimentLoader;

class WorkloadsCommandTest {

    @Test
    void listsEveryWorkloadWithTheKindsOfTargetItRunsOn() {
        // when
        CliOutput output = CliOutput.run("workloads");
        // then
        assertThat(output.exit()).isZero();
        assertThat(output.out())
                .contains("file-init")
                .containsPattern("on: local, postgres, sqlserver\\R")
                .containsPattern(
                        "filegroup-insert .*\\R +on: local, h2, postgres, sqlserver, firebird\\R")
                .containsPattern("restore .*\\R +on: postgres, sqlserver, firebird\\R")
                .containsPattern("file-io .*\\R +on: local\\R")
                .containsPattern("command .*\\R +on: local, postgres, sqlserver, firebird\\R");
    }

    @Test
    void aWorkloadsParametersArePrintedPerKindOfTarget() {
        // when
        CliOutput output = CliOutput.run("workloads", "restore", "--target", "firebird");
        // then
        assertThat(output.exit()).isZero();
        assertThat(output.out())
                .startsWith("restore on firebird\n")
                .contains("  rows             (int, default 100000, at least 1)")
                .contains("  gbak             (text, default gbak)")
                .doesNotContain("pg-restore");
        assertThat(CliOutput.run("workloads", "file-init").out())
                .contains("file-init on local\n")
                .contains("file-init on postgres\n")
                .contains("file-init on sqlserver\n")
                .contains("  init             (text, required, one of zero|instant)");
    }

    @Test
    void unknownNamesAndKindsAndUnsupportedPairsExit2WithTheReason() {
        CliOutput unknown = CliOutput.run("workloads", "defrag");
        assertThat(unknown.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(unknown.err()).contains("unknown workload 'defrag'; known: file-init, command");
        CliOutput kind = CliOutput.run("workloads", "restore", "--target", "oracle");
        assertThat(kind.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(kind.err())
                .contains("--target: unknown target kind 'oracle'; this version has: local, h2");
        CliOutput pair = CliOutput.run("workloads", "file-io", "--target", "h2");
        assertThat(pair.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(pair.err())
                .contains("file-io runs on the local target only; h2 is a database target");
    }

    @Test
    void aWorkloadOnATargetItCannotRunOnIsRefusedAtLoadWithTheLine() {
        assertThatThrownBy(
                        () ->
                                new ExperimentLoader(Path.of("/tmp/sb-data"))
                                        .parse(
                                                "e.yaml",
                                                """
                experiment: e
                target: {kind: h2}
                workload:
                  type: command
                  command: "true"
                """))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(
                        "e.yaml:4: 'workload.type': command runs on local, postgres, sqlserver, "
                                + "firebird targets; not on h2");
    }
}
