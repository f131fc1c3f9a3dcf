package storagebench.logformat;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The options docs/import.md lists are the parsers' declarations ({@link LogParser#options}), between
 * two marker lines. After adding or changing an option, rewrite the list and review the diff:
 *
 * <pre>
 * mvn -o -q -B -pl jobs test -Dtest=ParserOptionsDocTest -Dgolden.update=true
 * git diff docs/import.md
 * </pre>
 */
class ParserOptionsDocTest {
    private static final boolean UPDATE = Boolean.getBoolean("golden.update");
    private static final Path DOC =
            Path.of(System.getProperty("basedir", "."), "../docs/import.md").normalize();
    private static final String BEGIN =
            "<!-- parser options: written from LogParser.options() by ParserOptionsDocTest -->";
    private static final String END = "<!-- end of parser options -->";

    /** Every format with its options, one line each, in the registry's order. */
    private static List<String> listed() {
        List<String> lines = new ArrayList<>();
        for (String name : LogParsers.names()) {
            lines.add("- **`" + name + "`**");
            for (ParserOption option : LogParsers.find(name).orElseThrow().options()) {
                lines.add("  - `" + option.shown() + "` — " + option.doc());
            }
        }
        return lines;
    }

    @Test
    void theDocsListEveryFormatsDeclaredOptions() throws IOException {
        // given
        List<String> doc = Files.readAllLines(DOC, StandardCharsets.UTF_8);
        int begin = doc.indexOf(BEGIN);
        int end = doc.indexOf(END);
        assertThat(begin).as("%s in %s", BEGIN, DOC).isNotNegative().isLessThan(end);

        // when
        List<String> listed = listed();

        // then
        if (UPDATE) {
            List<String> updated = new ArrayList<>(doc.subList(0, begin + 1));
            updated.addAll(listed);
            updated.addAll(doc.subList(end, doc.size()));
            Files.write(DOC, updated, StandardCharsets.UTF_8);
            doc = updated;
            end = begin + 1 + listed.size();
        }
        assertThat(doc.subList(begin + 1, end))
                .as("%s; write it with -Dgolden.update=true", DOC)
                .containsExactlyElementsOf(listed);
    }
}
