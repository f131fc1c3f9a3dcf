package storagebench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import storagebench.config.Secrets;
import storagebench.workload.ParamType;

class FixedConfigurationTest {
    private final ExperimentLoader loader = new ExperimentLoader(Path.of("/tmp/sb-data"));

    private static final String IO =
            """
            experiment: io
            target:
              kind: local
              directory: /tmp/sb-work
            workload:
              type: file-io
              file-size: 256MB
              duration: 10s
            factors:
              threads: [1, 8]
            repetitions: 2
            warmups: 1
            """;

    @Test
    void holdsTheWorkloadItsFixedParametersWithDefaultsAndTheTargetButNoFactor() {
        // when
        FixedConfiguration c = loader.parse("io.yaml", IO).configuration();
        // then
        assertThat(c.values())
                .containsEntry("workload", "file-io")
                .containsEntry("duration", "10s")
                .containsEntry("file-size", "256 MiB")
                .containsEntry("target.kind", "local")
                .containsEntry("target.directory", "/tmp/sb-work")
                .containsKey("io-size")
                .doesNotContainKey("threads");
    }

    @Test
    void repetitionsWarmupsOrderAndSpellingLeaveTheFingerprintAlone() {
        // given: the same configuration written another way, run more often in another order
        String other =
                IO.replace("file-size: 256MB", "file-size: 256 MiB")
                        .replace("repetitions: 2", "repetitions: 5\norder: random\nseed: 7")
                        .replace("warmups: 1", "warmups: 0");
        // then
        assertThat(loader.parse("b.yaml", other).configuration())
                .isEqualTo(loader.parse("a.yaml", IO).configuration());
        assertThat(loader.parse("b.yaml", other).configuration().fingerprint())
                .isEqualTo(loader.parse("a.yaml", IO).configuration().fingerprint());
    }

    @Test
    void aParameterOverriddenChangesTheFingerprintAndTheLabelsNameOnlyWhatDiffers() {
        // given: the shipped run and a scaled-down one
        FixedConfiguration full = loader.parse("io.yaml", IO).configuration();
        FixedConfiguration quick =
                loader.parse("io.yaml", IO, Map.of("workload.duration", "3s")).configuration();
        // when
        Map<FixedConfiguration, String> labels = FixedConfiguration.labels(List.of(full, quick));
        // then
        assertThat(quick.fingerprint()).isNotEqualTo(full.fingerprint()).hasSize(16);
        assertThat(labels).containsEntry(full, "duration=10s").containsEntry(quick, "duration=3s");
        assertThat(FixedConfiguration.labels(List.of(full))).containsEntry(full, "");
    }

    @Test
    void aStoredConfigTextGivesTheConfigurationTheRunHad() {
        // given: the config text a run stores, its override recorded beside it
        Experiment run = loader.parse("io.yaml", IO, Map.of("workload.duration", "3s"));
        // then
        assertThat(FixedConfiguration.ofStored(run.source())).contains(run.configuration());
        assertThat(FixedConfiguration.ofStored("not: [an experiment")).isEmpty();
    }

    @Test
    void aSecretInAParameterIsNeverPartOfIt() {
        // given: a password in a command line, as a config may (wrongly) hold one
        String command =
                """
                experiment: c
                target:
                  kind: local
                  directory: /tmp/sb-work
                workload:
                  type: command
                  command: "true"
                  cleanup: mysql -u root -pS3CR3T -e select
                factors:
                  size: [1, 2]
                """;
        // when
        FixedConfiguration c = loader.parse("c.yaml", command).configuration();
        // then: the values are the stored config's, the secret removed as it is there
        assertThat(c.values()).containsKey("cleanup");
        assertThat(String.join(" ", c.values().values())).doesNotContain("S3CR3T");
        assertThat(FixedConfiguration.ofStored(loader.parse("c.yaml", command).source()))
                .contains(c);
    }

    @Test
    void aDurationIsWrittenInItsLargestWholeUnit() {
        assertThat(FixedConfiguration.text(ParamType.DURATION, Duration.ofMinutes(90)))
                .isEqualTo("90m");
        assertThat(FixedConfiguration.text(ParamType.DURATION, Duration.ofHours(2)))
                .isEqualTo("2h");
        assertThat(FixedConfiguration.text(ParamType.DURATION, "120s")).isEqualTo("2m");
        assertThat(FixedConfiguration.text(ParamType.DURATION, Duration.ofSeconds(61)))
                .isEqualTo("61s");
        assertThat(FixedConfiguration.text(ParamType.DURATION, Duration.ofMillis(1500)))
                .isEqualTo("1500ms");
        assertThat(FixedConfiguration.text(ParamType.DURATION, Duration.ofNanos(1_000_007)))
                .isEqualTo("1000007ns");
        // and what is not a duration stays as written
        assertThat(FixedConfiguration.text(ParamType.DURATION, " soon ")).isEqualTo("soon");
    }

    @Test
    void aSizeIsWrittenInItsLargestWholeBinaryUnit() {
        assertThat(FixedConfiguration.text(ParamType.SIZE, 3L << 40)).isEqualTo("3 TiB");
        assertThat(FixedConfiguration.text(ParamType.SIZE, 1L << 30)).isEqualTo("1 GiB");
        assertThat(FixedConfiguration.text(ParamType.SIZE, "8MB")).isEqualTo("8 MiB");
        assertThat(FixedConfiguration.text(ParamType.SIZE, 1536L)).isEqualTo("1536 B");
        assertThat(FixedConfiguration.text(ParamType.SIZE, 3072L)).isEqualTo("3 KiB");
        assertThat(FixedConfiguration.text(ParamType.SIZE, 1000L)).isEqualTo("1000 B");
        assertThat(FixedConfiguration.text(ParamType.SIZE, 0L)).isEqualTo("0 B");
        // and what is not a size stays as written
        assertThat(FixedConfiguration.text(ParamType.SIZE, "big")).isEqualTo("big");
        assertThat(FixedConfiguration.text(ParamType.TEXT, " as is ")).isEqualTo("as is");
    }

    @Test
    void redactedHoldsNoSecretOfItsValues() {
        // given
        FixedConfiguration c =
                FixedConfiguration.ofImport(
                        "pgbench", Map.of("source", "postgresql://bob:hunter2@db/bench"));
        // when
        FixedConfiguration clean = c.redacted();
        // then
        assertThat(clean.values()).containsKeys("import.format", "import.source");
        assertThat(clean.values().get("import.source")).doesNotContain("hunter2").contains("bob");
    }

    @Test
    void aPasswordInEscapedQuotesLeavesTheStoredTextReadable() {
        // given: a command whose password is quoted inside the YAML string
        String text =
                """
                experiment: cmd
                target:
                  kind: local
                  directory: /tmp/sb-work
                workload:
                  type: command
                  command: "tool --password \\"a b\\" run"
                """;
        // when
        FixedConfiguration c = loader.parse("cmd.yaml", text).configuration();
        // then: the whole password left the stored text, which reads back
        assertThat(Secrets.redact(text)).doesNotContain("a b");
        assertThat(c.values())
                .containsEntry("workload", "command")
                .containsEntry("command", "tool --password *** run");
    }

    @Test
    void aStoredTextThatDoesNotReadAgainGivesTheValuesAsWrittenRedacted() {
        // given
        FixedConfiguration asWritten =
                new FixedConfiguration(
                        new TreeMap<>(
                                Map.of("workload", "command", "command", "tool --password x1")));
        // when
        FixedConfiguration c = loader.stored("experiment: [not, a, mapping", asWritten);
        // then
        assertThat(c).isEqualTo(asWritten.redacted());
        assertThat(c.values()).containsEntry("command", "tool --password ***");
    }
}
