package storagebench.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.BadInputException;
import storagebench.config.ConfigException;
import storagebench.config.Secrets;
import storagebench.importer.ImportRequest;
import storagebench.logformat.LogParsers;

/** A secret never goes where a config value goes: refused where it would label results, redacted in text. */
class SecretsTest {
    private final ExperimentLoader loader = new ExperimentLoader(Path.of("/tmp/sb-data"));

    private static final String COMMAND =
            """
            experiment: secrets
            target: {kind: local, directory: /tmp/sb-work}
            workload:
              type: command
              command: ./load.sh {disk}
            factors:
              disk: [ssd]
            """;

    @Test
    void aFactorNamedLikeASecretIsRefusedWithoutShowingItsValues() {
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        COMMAND + "  db-password: [hunter2, swordfish]\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(
                        "e.yaml:8: 'factors.db-password': looks like a secret: a factor's value "
                                + "labels every result")
                .hasMessageContaining("password-env or password-file")
                .hasMessageNotContaining("hunter2")
                .hasMessageNotContaining("swordfish");
        assertThatThrownBy(() -> loader.parse("e.yaml", COMMAND + "  api_key: [k1]\n"))
                .hasMessageStartingWith("e.yaml:8: 'factors.api_key': looks like a secret");
    }

    @Test
    void aFactorValueWithAPasswordIsRefused() {
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        COMMAND.replace(
                                                "[ssd]", "[ssd, 'postgresql://bob:hunter2@db/x']")))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("e.yaml:7: 'factors.disk[1]': holds a password")
                .hasMessageNotContaining("hunter2");
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        COMMAND + "include:\n  - {disk: 'h;password=hunter2'}\n"))
                .hasMessageContaining("'include[0].disk': holds a password")
                .hasMessageNotContaining("hunter2");
    }

    @Test
    void workloadParametersAndHostSettingsNamedLikeSecretsAreRefused() {
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        COMMAND.replace(
                                                "  command:", "  auth-token: t0k\n  command:")))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("e.yaml:5: 'workload.auth-token': looks like a secret");
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        COMMAND
                                                + "host-settings:\n  vault-secret:\n    apply: x {value}\n    read: y\n"))
                .hasMessageStartingWith(
                        "e.yaml:10: 'host-settings.vault-secret': looks like a secret");
    }

    @Test
    void passwordsInUrlsAndPairsAnywhereInTheTextAreStoredAsStars() {
        // given
        String text =
                COMMAND.replace(
                                "experiment: secrets\n",
                                "experiment: secrets\ndescription: copied from "
                                        + "postgresql://bob:hunter2@db.example/x and jdbc:sqlserver://h;password={a;b}}c};user=u\n")
                        .replace(
                                "  command:",
                                "  env: \"A=1;PGPASSWORD=s3cret;MY_TOKEN=t0k;KEY_FILE=/etc/k\"\n  command:");
        // when
        String source =
                loader.parse("e.yaml", text, Map.of("workload.setup", "curl https://ann:pa@ss@h/"))
                        .source();
        // then
        assertThat(source)
                .contains(
                        "postgresql://bob:***@db.example/x",
                        "password=***;user=u",
                        "PGPASSWORD=***;MY_TOKEN=***;KEY_FILE=/etc/k",
                        "# --override workload.setup=curl https://ann:***@h/")
                .doesNotContain("hunter2")
                .doesNotContain("a;b")
                .doesNotContain("s3cret")
                .doesNotContain("t0k")
                .doesNotContain("pa@ss");
        assertThat(Secrets.redactText("https://user@host/ and http://h:8080/x"))
                .isEqualTo("https://user@host/ and http://h:8080/x");
    }

    @Test
    void aReferenceIsStoredAsWrittenAndOneThatCannotBeReadIsRefusedAtLoad() {
        // given
        String text =
                COMMAND.replace(
                        "./load.sh {disk}",
                        "sqlcmd -P ${env:PATH} -i ${file:/no/such/storagebench-secret}");
        // then
        assertThatThrownBy(() -> loader.parse("e.yaml", text))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(
                        "e.yaml:5: 'workload.command': ${file:/no/such/storagebench-secret}: cannot"
                                + " read the file /no/such/storagebench-secret");
        String resolvable = COMMAND.replace("./load.sh {disk}", "./load.sh -P ${env:PATH} {disk}");
        assertThat(loader.parse("e.yaml", resolvable).source()).isEqualTo(resolvable);
    }

    @Test
    void aStoredCopyWithASecretRemovedIsNotRestarted(@TempDir Path runDir) throws Exception {
        // given: the copy a run stored of a config that held a password in clear
        String stored =
                loader.parse(
                                "e.yaml",
                                COMMAND.replace("./load.sh {disk}", "./load.sh --password hunter2"))
                        .source();
        Path file = runDir.resolve("experiment.yaml");
        Files.writeString(file, stored);
        // then
        assertThat(stored).contains("--password ***").doesNotContain("hunter2");
        assertThatThrownBy(() -> loader.loadStored(file))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(file + ":5: a secret was removed from this stored copy")
                .hasMessageContaining("${env:NAME}");
    }

    @Test
    void overridesAreCheckedAsTheFileIs() {
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml", COMMAND, Map.of("factors.db-password", "[a, b]")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("'factors.db-password': looks like a secret");
    }

    @Test
    void anImportFactorOrOptionWithASecretIsRefusedWithoutShowingIt() {
        Map<String, String> secretName = new LinkedHashMap<>(Map.of("db-password", "hunter2"));
        Map<String, String> secretValue = Map.of("url", "postgresql://bob:hunter2@db/x");
        var fio = LogParsers.find("fio").orElseThrow();
        assertThatThrownBy(
                        () ->
                                new ImportRequest(
                                        fio,
                                        Map.of(),
                                        Optional.empty(),
                                        Optional.empty(),
                                        secretName))
                .isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("--factor db-password: looks like a " + "secret")
                .hasMessageNotContaining("hunter2");
        assertThatThrownBy(
                        () ->
                                new ImportRequest(
                                        fio,
                                        secretValue,
                                        Optional.empty(),
                                        Optional.empty(),
                                        Map.of()))
                .isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("--option url: holds a password")
                .hasMessageNotContaining("hunter2");
    }
}
