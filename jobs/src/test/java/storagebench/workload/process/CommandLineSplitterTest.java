package storagebench.workload.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CommandLineSplitterTest {

    @Test
    void blanksSeparateArguments() {
        assertThat(CommandLineSplitter.split("  dd if=/dev/zero\tbs=1M  count=8 "))
                .containsExactly("dd", "if=/dev/zero", "bs=1M", "count=8");
    }

    @Test
    void quotesGroupAndMayJoinAWord() {
        assertThat(CommandLineSplitter.split("echo 'a  b' \"c d\" e'f g'h \"\" ''"))
                .containsExactly("echo", "a  b", "c d", "ef gh", "", "");
    }

    @Test
    void singleQuotesAreLiteral() {
        assertThat(CommandLineSplitter.split("run 'C:\\SQL\\setup.exe' '\"x\"'"))
                .containsExactly("run", "C:\\SQL\\setup.exe", "\"x\"");
    }

    @Test
    void backslashEscapesOutsideQuotesAndOnlyQuoteOrBackslashInsideDoubleQuotes() {
        assertThat(CommandLineSplitter.split("a\\ b \\'c \"d\\\"e\\\\f\\n\""))
                .containsExactly("a b", "'c", "d\"e\\f\\n");
    }

    @Test
    void refusesUnclosedQuotesATrailingBackslashAndNothing() {
        assertThatThrownBy(() -> CommandLineSplitter.split("echo 'oops"))
                .hasMessageContaining("unclosed '");
        assertThatThrownBy(() -> CommandLineSplitter.split("echo \"oops"))
                .hasMessageContaining("unclosed \"");
        assertThatThrownBy(() -> CommandLineSplitter.split("echo \\"))
                .hasMessageContaining("backslash at the end");
        assertThatThrownBy(() -> CommandLineSplitter.split("   "))
                .hasMessage("the command is empty");
    }
}
