package storagebench.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The names run and import both accept for an experiment. */
class ExperimentNameTest {
    @Test
    void printableNamesOfAnyScriptAreExperimentNames() {
        for (String name :
                new String[] {
                    "ifi", "007", "2024.10", "café ü", "seed 001 / 500 files", "a=b", "数据"
                }) {
            assertThat(Values.experimentNameProblem(name)).as(name).isNull();
        }
    }

    @Test
    void emptyLongPaddedAndInvisibleOnesAreNot() {
        assertThat(Values.experimentNameProblem("")).contains("1 to 100 characters");
        assertThat(Values.experimentNameProblem("x".repeat(101))).contains("1 to 100 characters");
        assertThat(Values.experimentNameProblem(" ifi")).contains("starts or ends with a space");
        assertThat(Values.experimentNameProblem("if\u0000i")).contains("U+0000 at 3");
        assertThat(Values.experimentNameProblem("a\u202Eb")).contains("U+202E");
        assertThat(Values.experimentNameProblem("a\u00A0b")).contains("U+00A0");
    }
}
