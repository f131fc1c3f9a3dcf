package storagebench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.Node;
import storagebench.BadInputException;

/** ${env:NAME}, ${env:NAME:-DEFAULT} and ${file:PATH}: resolved only when asked, refused clearly when they cannot be. */
class SecretReferencesTest {
    @TempDir Path tmp;

    private static final Map<String, String> ENV = Map.of("SA_PASSWORD", "hunter2");

    @Test
    void referencesResolveToTheVariableAndTheFileWithoutItsLineEnd() throws Exception {
        // given
        Path file = tmp.resolve("pw");
        Files.writeString(file, "swordfish\n");
        // when
        String resolved =
                SecretReferences.resolve(
                        "sqlcmd -P ${env:SA_PASSWORD} -x ${file:" + file + "} {disk} ${HOME}",
                        ENV::get);
        // then
        assertThat(resolved).isEqualTo("sqlcmd -P hunter2 -x swordfish {disk} ${HOME}");
        assertThat(SecretReferences.holds("a ${env:X} b")).isTrue();
        assertThat(SecretReferences.holds("a ${X} {b}")).isFalse();
    }

    @Test
    void aVariableNotSetOrAFileNotReadIsBadInputNamingTheReferenceOnly() {
        assertThatThrownBy(() -> SecretReferences.resolve("-P ${env:NOT_SET}", ENV::get))
                .isInstanceOf(BadInputException.class)
                .hasMessage("${env:NOT_SET}: the environment variable NOT_SET is not set");
        assertThatThrownBy(
                        () ->
                                SecretReferences.resolve(
                                        "-P ${file:" + tmp.resolve("missing") + "}", ENV::get))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("cannot read the file " + tmp.resolve("missing"))
                .hasMessageContaining("NoSuchFileException");
        assertThatThrownBy(() -> SecretReferences.resolve("${env:1 bad}", ENV::get))
                .hasMessageContaining("is not an environment variable name");
    }

    @Test
    void aVariableNotSetOrEmptyTakesItsDefault() {
        // given
        Map<String, String> env = Map.of("PG_URL", "jdbc:postgresql://db:5432/x", "EMPTY", "");
        String url = "${env:PG_URL:-jdbc:postgresql://127.0.0.1:55432/storagebench}";
        // when / then: set, the variable's value; not set or empty, the default as written
        assertThat(SecretReferences.resolve(url, env::get))
                .isEqualTo("jdbc:postgresql://db:5432/x");
        assertThat(SecretReferences.resolve(url.replace("PG_URL", "UNSET"), env::get))
                .isEqualTo("jdbc:postgresql://127.0.0.1:55432/storagebench");
        assertThat(SecretReferences.resolve("a ${env:EMPTY:-b:-c} d", env::get))
                .isEqualTo("a b:-c d");
    }

    @Test
    void aMalformedReferenceIsBadInputSayingWhatIsWrong() {
        assertThatThrownBy(() -> SecretReferences.resolve("${env:X:-}", ENV::get))
                .isInstanceOf(BadInputException.class)
                .hasMessage("${env:X:-}: the default after ':-' is empty; write one, or drop ':-'");
        assertThatThrownBy(() -> SecretReferences.resolve("${env:X:jdbc}", ENV::get))
                .hasMessage(
                        "${env:X:jdbc}: 'X:jdbc' is not an environment variable name (a default is"
                                + " written ${env:NAME:-DEFAULT})");
        assertThatThrownBy(() -> SecretReferences.resolve("${env:-jdbc}", ENV::get))
                .hasMessage("${env:-jdbc}: '-jdbc' is not an environment variable name");
        assertThatThrownBy(() -> SecretReferences.resolve("a ${env:SA_PASSWORD b", ENV::get))
                .isInstanceOf(BadInputException.class)
                .hasMessage(
                        "'${env:SA_PASSWORD b…': a reference is closed by '}' on the same line");
        assertThatThrownBy(() -> SecretReferences.resolve("${env:SA_PASSWORD} ${file:x", ENV::get))
                .hasMessageContaining("a reference is closed by '}'");
    }

    @Test
    void aDefaultsReferenceIsCheckedAtLoadLikeAnyOther() {
        // given
        Node root =
                new Yaml(new LoaderOptions())
                        .compose(
                                new StringReader(
                                        """
                                        experiment: x
                                        target:
                                          kind: postgres
                                          url: ${env:PG_URL:-jdbc:postgresql://127.0.0.1:55432/db
                                        """));
        // then
        assertThatThrownBy(() -> SecretReferences.check("e.yaml", "", root, Map.of(), ENV::get))
                .isInstanceOf(ConfigException.class)
                .hasMessage(
                        "e.yaml:4: 'target.url': '${env:PG_URL:-jdbc:postgre…': a reference is"
                                + " closed by '}' on the same line");
    }

    @Test
    void aConfigsReferencesAreCheckedAtLoadNamingFileLineAndKey() {
        // given
        Node root =
                new Yaml(new LoaderOptions())
                        .compose(
                                new StringReader(
                                        """
                                        experiment: x
                                        workload:
                                          type: command
                                          env: "A=${env:SA_PASSWORD}"
                                          command: sqlcmd -P ${env:NOT_SET}
                                        """));
        // then
        assertThatThrownBy(() -> SecretReferences.check("e.yaml", "", root, Map.of(), ENV::get))
                .isInstanceOf(ConfigException.class)
                .hasMessage(
                        "e.yaml:5: 'workload.command': ${env:NOT_SET}: the environment variable"
                                + " NOT_SET is not set");
    }
}
