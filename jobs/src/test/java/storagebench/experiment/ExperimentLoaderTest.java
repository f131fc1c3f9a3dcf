package storagebench.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.config.ConfigException;
import storagebench.config.Secrets;
import storagebench.dbms.local.LocalTarget;
import storagebench.events.VariantLabel;

class ExperimentLoaderTest {
    private final ExperimentLoader loader = new ExperimentLoader(Path.of("/tmp/sb-data"));

    private static final String VALID =
            """
            experiment: ifi
            target:
              kind: local
              directory: /tmp/sb-work
            workload:
              type: file-init
              files: 4
            factors:
              init: [zero, instant]
              file-size: [8MB, 256MB]
            repetitions: 3
            warmups: 1
            """;

    @Test
    void loadsAValidExperimentWithDefaults() {
        // when
        Experiment e = loader.parse("e.yaml", VALID);
        // then
        assertThat(e.name()).isEqualTo("ifi");
        assertThat(e.target()).isEqualTo(new LocalTarget(Path.of("/tmp/sb-work")));
        assertThat(e.workload().name()).isEqualTo("file-init");
        assertThat(e.matrix().factors())
                .containsExactly(
                        Map.entry("init", List.of("zero", "instant")),
                        Map.entry("file-size", List.of("8MB", "256MB")));
        assertThat(e.fixed()).containsEntry("files", 4).containsEntry("block-size", 1L << 20);
        assertThat(e.order()).isEqualTo(Order.INTERLEAVED);
        assertThat(e.params(Map.of("init", "zero", "file-size", "256MB")).getSize("file-size"))
                .isEqualTo(256L << 20);
    }

    @Test
    void aBaselineNamesFactorValuesOfTheMatrix() {
        // when
        Experiment e = loader.parse("e.yaml", VALID + "baseline: {init: zero}\n");
        // then
        assertThat(e.baseline()).containsExactly(Map.entry("init", "zero"));
        assertThat(loader.parse("e.yaml", VALID).baseline()).isEmpty();
        assertThat(DeclaredBaseline.of(e.source())).isEqualTo(Map.of("init", "zero"));
        assertThat(DeclaredBaseline.of("format: csv, file: x.csv")).isEmpty();
    }

    @Test
    void aBaselineOutsideTheMatrixIsRefusedWithTheLine() {
        assertThatThrownBy(() -> loader.parse("e.yaml", VALID + "baseline: {init: zro}\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("e.yaml:13: 'baseline.init': 'zro' is not a value of init;")
                .hasMessageContaining("zero, instant");
        assertThatThrownBy(() -> loader.parse("e.yaml", VALID + "baseline: {ifi: on}\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("'baseline.ifi': not a factor of this experiment")
                .hasMessageContaining("init, file-size");
        assertThatThrownBy(() -> loader.parse("e.yaml", VALID + "baseline: zero\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("as factor: value (e.g. init: zero)");
    }

    @Test
    void defaultDirectoryIsUnderTheDataDir() {
        // when
        Experiment e = loader.parse("e.yaml", VALID.replace("  directory: /tmp/sb-work\n", ""));
        // then
        assertThat(((LocalTarget) e.target()).directory()).isEqualTo(Path.of("/tmp/sb-data/work"));
    }

    @Test
    void unknownKeyNamesFileLineAndKey() {
        assertThatThrownBy(() -> loader.parse("e.yaml", VALID + "repetitons: 5\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("e.yaml:13: 'repetitons': unknown key in the experiment");
    }

    @Test
    void unknownTargetKeyIsRefusedToo() {
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        VALID.replace(
                                                "  directory: /tmp/sb-work\n",
                                                "  directory: /tmp/sb-work\n  directry: /x\n")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("'target.directry': unknown key in target");
    }

    @Test
    void invalidYamlNamesTheLineOfTheProblem() {
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        "experiment: x\nfactors: [a, b\nrepetitions: 3\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("e.yaml:3: not valid YAML");
    }

    @Test
    void unknownWorkloadKeyListsTheKnownOnes() {
        assertThatThrownBy(() -> loader.parse("e.yaml", VALID.replace("  files: 4", "  filez: 4")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(
                        "e.yaml:7: 'workload.filez': unknown key in workload file-init")
                .hasMessageContaining("files");
    }

    @Test
    void wrongTypeNamesTheLineAndReason() {
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        VALID.replace("repetitions: 3", "repetitions: three")))
                .isInstanceOf(ConfigException.class)
                .hasMessage("e.yaml:11: 'repetitions': expected a whole number, got 'three'");
        assertThatThrownBy(() -> loader.parse("e.yaml", VALID.replace("256MB]", "256XB]")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("e.yaml:10: 'factors.file-size[1]': expected a size");
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml", VALID.replace("[zero, instant]", "[zero, fast]")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(
                        "'factors.init[1]': expected one of zero, instant, got 'fast'");
    }

    @Test
    void missingValuesAreNamed() {
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml", VALID.replace("  file-size: [8MB, 256MB]\n", "")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("'workload.file-size': missing; workload file-init needs it");
        assertThatThrownBy(() -> loader.parse("e.yaml", VALID.replace("experiment: ifi\n", "")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("'experiment'")
                .hasMessageContaining("required");
        assertThatThrownBy(() -> loader.parse("e.yaml", VALID.replace("  kind: local\n", "")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("'target.kind': missing");
    }

    @Test
    void badYamlAndBadNamesAreRefused() {
        assertThatThrownBy(() -> loader.parse("e.yaml", "experiment: [unclosed\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("not valid YAML");
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        VALID.replace("experiment: ifi", "experiment: \" ifi\"")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("not a valid experiment name");
        assertThatThrownBy(
                        () -> loader.parse("e.yaml", VALID.replace("kind: local", "kind: oracle")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("unknown target kind 'oracle'");
        assertThatThrownBy(() -> loader.parse("e.yaml", VALID + "warmups: 2\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("duplicate key");
        assertThatThrownBy(() -> loader.parse("e.yaml", ""))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("empty");
    }

    @Test
    void aFactorThatIsNotAParameterIsRefusedByAWorkloadWithoutExtraFactors() {
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        VALID.replace(
                                                "  file-size:", "  disk: [ssd]\n  file-size:")))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(
                        "e.yaml:10: 'factors.disk': not a parameter of workload file-init; "
                                + "it has: files, file-size, init, block-size");
    }

    private static final String COMMAND =
            """
            experiment: setup-times
            target:
              kind: local
              directory: /tmp/sb-work
            workload:
              type: command
              command: ./setup.sh --ifi {ifi} --tempdb-files {files}
            factors:
              ifi: [on, off]
              files: [4, 8]
              timeout: [90s]
            exclude:
              - {ifi: off, files: 8}
            """;

    @Test
    void aWorkloadThatAcceptsExtraFactorsKeepsThemAsText() {
        // when
        Experiment e = loader.parse("e.yaml", COMMAND);
        // then
        assertThat(e.matrix().variants())
                .containsExactly(
                        Map.of("ifi", "on", "files", "4", "timeout", "90s"),
                        Map.of("ifi", "on", "files", "8", "timeout", "90s"),
                        Map.of("ifi", "off", "files", "4", "timeout", "90s"));
        var params = e.params(e.matrix().variants().get(1));
        assertThat(params.getText("ifi")).isEqualTo("on");
        assertThat(params.getText("files")).isEqualTo("8");
        assertThat(params.getDuration("timeout")).isEqualTo(Duration.ofSeconds(90));
        assertThat(params.getText("command"))
                .isEqualTo("./setup.sh --ifi {ifi} --tempdb-files {files}");
    }

    @Test
    void extraFactorsStillNeedValuesAndParameterFactorsAreStillChecked() {
        assertThatThrownBy(
                        () -> loader.parse("e.yaml", COMMAND.replace("files: [4, 8]", "files: []")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("'factors.files': a factor needs at least");
        assertThatThrownBy(() -> loader.parse("e.yaml", COMMAND.replace("[90s]", "[soon]")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(
                        "'factors.timeout[0]': expected a duration such as 500ms, 90s, 10m or 2h");
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml", COMMAND.replace("  command: ./", "  comand: ./")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("'workload.command': missing");
    }

    @Test
    void theStoredTextEndsInItsOverridesOnLinesOfTheirOwn() {
        // when: a file without a final newline, one with it, and one without overrides
        Experiment bare = loader.parse("e.yaml", VALID.stripTrailing(), Map.of("repetitions", "5"));
        Experiment ended = loader.parse("e.yaml", VALID, Map.of("repetitions", "5"));
        Experiment none = loader.parse("e.yaml", VALID.stripTrailing());
        // then
        assertThat(bare.source()).contains("warmups: 1\n# --override repetitions");
        assertThat(ended.source())
                .contains("warmups: 1\n# --override repetitions")
                .doesNotContain("\n\n");
        assertThat(none.source()).isEqualTo(VALID.stripTrailing());
    }

    @Test
    void anOverriddenFactorKeepsItsPlaceSoEachVariantKeepsItsLabel() {
        // when the first of two factors is overridden, and a new one is added
        Experiment e =
                loader.parse(
                        "e.yaml",
                        VALID,
                        Map.of("factors.init", "[zero]", "factors.block-size", "[4KB]"));
        // then its variants are named as the file's own are: init first, the new factor last
        assertThat(e.matrix().variants())
                .extracting(VariantLabel::of)
                .containsExactly(
                        "init=zero, file-size=8MB, block-size=4KB",
                        "init=zero, file-size=256MB, block-size=4KB");
    }

    @Test
    void aPlanOfExactlyTheMostTrialsAllowedRuns() {
        // given: 4 variants × (3 repetitions + 1 warm-up) = 16 trials
        // when / then
        assertThat(loader.parse("e.yaml", VALID + "max-trials: 16\n").matrix().variants())
                .hasSize(4);
        assertThatThrownBy(() -> loader.parse("e.yaml", VALID + "max-trials: 15\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("the plan has 16 trials");
    }

    @Test
    void aHostSettingsCommandAndKeysAreCheckedAtLoad() {
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        VALID
                                                + "host-settings:\n  cpu-governor:\n"
                                                + "    apply: \"cpupower -g 'x\"\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("e.yaml:15:");
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        VALID
                                                + "host-settings:\n  cpu-governor:\n"
                                                + "    apply: x {value}\n    shel: true\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("unknown key");
    }

    @Test
    void hostSettingsAreCheckedAtLoad() {
        // given
        String withSetting =
                VALID
                        + "host-settings:\n  cpu-governor:\n    apply: cpupower frequency-set -g {value}\n";
        // when
        Experiment e =
                loader.parse(
                        "e.yaml",
                        withSetting.replace(
                                "  init: [zero, instant]",
                                "  init: [zero, instant]\n  cpu-governor: [performance, powersave]"));
        // then
        assertThat(e.hostSettings()).extracting(HostSetting::name).containsExactly("cpu-governor");
        assertThat(e.matrix().variants()).hasSize(8);
        assertThat(e.params(e.matrix().variants().get(0)).values())
                .doesNotContainKey("cpu-governor");
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        VALID + "host-settings:\n  numa:\n    apply: x {value}\n"))
                .hasMessageContaining("e.yaml:15: 'host-settings.numa': needs a 'read' command");
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        VALID + "host-settings:\n  files:\n    apply: x\n"))
                .hasMessageContaining("is a workload parameter");
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        VALID + "host-settings:\n  cpu-governor:\n    apply: 'x\n"))
                .isInstanceOf(ConfigException.class);
    }

    @Test
    void aFactorValueWithAControlCharacterIsRefused() {
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        COMMAND.replace("ifi: [on, off]", "ifi: [on, \"o\\0ff\"]")))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(
                        "e.yaml:9: 'factors.ifi[1]': holds a control character (o\\u0000ff)");
    }

    @Test
    void aParameterIsFixedOrAFactorNotBoth() {
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        VALID.replace("  files: 4", "  files: 4\n  init: zero")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("also a factor");
    }

    @Test
    void secretsNeverReachTheStoredSource() {
        // given
        String text = VALID + "# connection password: not here\n";
        // when
        String redacted =
                Secrets.redact("  password: hunter2\nurl: jdbc:x://h/db;password=hunter2;user=a\n");
        // then
        assertThat(redacted)
                .doesNotContain("hunter2")
                .contains("password: '***'")
                .contains("password=***");
        assertThat(
                        Secrets.redact(
                                "  password-env: PG_PASSWORD\n  password-file: /etc/pw\n  api_key: k\n"))
                .isEqualTo(
                        "  password-env: PG_PASSWORD\n  password-file: /etc/pw\n  api_key: '***'\n");
        assertThat(loader.parse("e.yaml", text).source()).isEqualTo(text);
    }
}
