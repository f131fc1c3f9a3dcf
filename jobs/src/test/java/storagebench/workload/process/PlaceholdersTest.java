package storagebench.workload.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class PlaceholdersTest {
    private final Map<String, String> values = Map.of("ifi", "on", "files", "8", "out", "/data/t1");

    @Test
    void replacesEveryPlaceholder() {
        // when
        String text =
                Placeholders.substitute(
                        "./setup.sh --ifi {ifi} --tempdb-files {files} > {out}/log", values);
        // then
        assertThat(text).isEqualTo("./setup.sh --ifi on --tempdb-files 8 > /data/t1/log");
    }

    @Test
    void doubledBracesAreLiteralAndALoneClosingBraceIsKept() {
        assertThat(Placeholders.substitute("echo ${{HOME}} {{ifi}} a}b {ifi}", values))
                .isEqualTo("echo ${HOME} {ifi} a}b on");
        assertThat(Placeholders.names("awk '{{print $1}}' {files}")).containsExactly("files");
    }

    @Test
    void aSecretsReferenceIsKeptForTheProgramsStart() {
        assertThat(
                        Placeholders.substitute(
                                "-P ${env:SA_PASSWORD} -x ${file:/run/pw} {ifi}", values))
                .isEqualTo("-P ${env:SA_PASSWORD} -x ${file:/run/pw} on");
        assertThat(Placeholders.names("${env:A} {files} ${file:/x}")).containsExactly("files");
    }

    @Test
    void namesInOrderOfFirstUse() {
        assertThat(Placeholders.names("{b} {a} {b} {out}")).containsExactly("b", "a", "out");
    }

    @Test
    void anUnknownPlaceholderIsRefusedNamingItAndTheKnownOnes() {
        assertThatThrownBy(() -> Placeholders.substitute("dd count={size}", values))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "unknown placeholder {size}; known: {files}, {ifi}, {out} "
                                + "(write {{ and }} for literal braces)");
        assertThatThrownBy(() -> Placeholders.names("echo {oops"))
                .hasMessageContaining("unclosed {");
    }
}
