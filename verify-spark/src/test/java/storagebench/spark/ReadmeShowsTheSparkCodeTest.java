package storagebench.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** README's Java block for Spark is {@link SparkTables}' code, the code the test runs. */
class ReadmeShowsTheSparkCodeTest {
    private static final Path README = Path.of(System.getProperty("storagebench.readme"));
    private static final Path CODE = Path.of("src/test/java/storagebench/spark/SparkTables.java");

    @Test
    void readmesJavaBlockHoldsSparkTablesFromSessionToTheEnd() throws IOException {
        // given
        List<String> code = Files.readAllLines(CODE);
        int from = code.indexOf("    static SparkSession session() {");
        int to = code.lastIndexOf("}");
        List<String> shown = statements(code.subList(from, to));
        String readme = Files.readString(README);
        int block = readme.indexOf("```java\n", readme.indexOf("Spark"));

        // when
        List<String> inReadme =
                statements(
                        List.of(
                                readme.substring(block, readme.indexOf("```\n", block + 7))
                                        .split("\n")));

        // then
        assertThat(from).isPositive();
        assertThat(Collections.indexOfSubList(inReadme, shown))
                .as("README's ```java block holds, line by line:%n%s", String.join("\n", shown))
                .isNotNegative();
    }

    /** Trimmed lines, without blank lines and Javadoc. */
    private static List<String> statements(List<String> lines) {
        return lines.stream()
                .map(String::strip)
                .filter(line -> !line.isEmpty())
                .filter(line -> !line.startsWith("/**") && !line.startsWith("*"))
                .toList();
    }
}
