package storagebench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.BadInputException;
import storagebench.importer.ImportIdentity;
import storagebench.logformat.LogParsers;

class RunIdTest {
    @Test
    void everyIdStorageBenchMakesIsValid() {
        // given
        String run = ExperimentRun.newRunId();
        // when / then
        assertThat(RunId.isValid(run)).as(run).isTrue();
        for (String format : LogParsers.names()) {
            String imported = ImportIdentity.of("ab".repeat(32), format, Map.of("k", "v")).runId();
            assertThat(RunId.isValid(imported)).as(imported).isTrue();
        }
        assertThat(RunId.isValid(ImportIdentity.of("ab".repeat(32), "events", Map.of()).runId()))
                .isTrue();
    }

    @Test
    void pathsAndOtherShapesAreRefusedNamingTheOption() {
        for (String bad :
                new String[] {
                    "../../../evilrun",
                    "20261130-101500-a3f9/..",
                    "20261130-101500-a3f9\n",
                    "20261130-101500-A3F9",
                    "import-fio-0011",
                    "import-../x-00112233445566ff",
                    "",
                    "no-such-run"
                }) {
            assertThat(RunId.isValid(bad)).as(bad).isFalse();
        }
        assertThat(RunId.isValid(null)).isFalse();
        assertThatThrownBy(() -> RunId.validate("a\u0000b", "--restart"))
                .isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("--restart: 'a\\u0000b' is not a run id");
    }
}
