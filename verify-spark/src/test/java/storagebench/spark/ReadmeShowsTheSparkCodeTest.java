package storagebench.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * README's Java blocks for Spark are the code the tests run: {@link SparkTables}' from {@code
 * session()} to the end, {@link TopicTrials}' from {@code trials(…)} to the end.
 */
class ReadmeShowsTheSparkCodeTest {
    private static final Path README = Path.of(System.getProperty("storagebench.readme"));
    private static final Path CODE = Path.of("src/main/java/storagebench/spark");

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "SparkTables.java | static SparkSession session() {",
                "TopicTrials.java | static Dataset<Row> trials(SparkSession spark, String brokers, Path released)"
            })
    void aJavaBlockOfReadmeHoldsTheClassFromItsFirstMethodToTheEnd(String file, String first)
            throws IOException {
        // given
        List<String> code = Files.readAllLines(CODE.resolve(file));
        int from = code.indexOf("    " + first);
        int to = code.lastIndexOf("}");
        List<String> shown = statements(code.subList(from, to));

        // when
        List<List<String>> blocks = javaBlocks(Files.readString(README));

        // then
        assertThat(from).isPositive();
        assertThat(blocks)
                .as("a ```java block of README holds, line by line:%n%s", String.join("\n", shown))
                .anyMatch(block -> Collections.indexOfSubList(block, shown) >= 0);
    }

    /** The statements of each ```java block after the Spark section's start. */
    private static List<List<String>> javaBlocks(String readme) {
        List<List<String>> blocks = new ArrayList<>();
        int block = readme.indexOf("```java\n", readme.indexOf("Spark"));
        while (block >= 0) {
            int end = readme.indexOf("```\n", block + 7);
            blocks.add(statements(List.of(readme.substring(block, end).split("\n"))));
            block = readme.indexOf("```java\n", end + 4);
        }
        return blocks;
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
