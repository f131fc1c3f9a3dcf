package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** An argument the command line cannot take: a line, the suggestions, where the help is; exit 2. */
class BadArgumentsTest {
    @Test
    void aBadValueIsOneLineAndWhereTheHelpIs() {
        CommandOutput result = CommandOutput.of("report", "--format", "xml");
        assertThat(result.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(result.err())
                .isEqualTo(
                        "storagebench report: Invalid value for option '--format': expected text,"
                                + " markdown, csv or json, got 'xml'\n"
                                + "see: storagebench report --help\n");
        assertThat(result.out()).isEmpty();
    }

    @Test
    void aMistypedOptionIsAnsweredWithTheOneMeant() {
        CommandOutput result = CommandOutput.of("compare", "--experimnt", "x");
        assertThat(result.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(result.err())
                .startsWith("storagebench compare: Unknown options: '--experimnt', 'x'\n")
                .contains("--experiment")
                .endsWith("see: storagebench compare --help\n")
                .doesNotContain("Usage:");
    }
}
