package storagebench.require;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** CI names every requirement but SQL Server, and says in its header how it provides each. */
class CiRequirementsTest {
    private static final Path CI = Path.of("../.ci/run");

    @Test
    void ciNamesEveryRequirementButSqlServer() throws IOException {
        // given
        String script = Files.readString(CI);
        Matcher require = Pattern.compile("(?m)^REQUIRE=(\\S+)$").matcher(script);

        // when
        assertThat(require.find()).as("a line REQUIRE=… in " + CI).isTrue();
        List<String> named = Arrays.asList(require.group(1).split(","));

        // then
        List<String> all =
                Arrays.stream(Requirement.values())
                        .filter(r -> r != Requirement.SQLSERVER)
                        .map(Requirement::label)
                        .toList();
        assertThat(named).containsExactlyInAnyOrderElementsOf(all);
        for (String label : all) {
            assertThat(script)
                    .as(label + " in the header's list")
                    .containsPattern("(?m)^#   " + label + " ");
        }
    }
}
