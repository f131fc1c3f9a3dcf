package storagebench.logformat;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QuarantineFileTest {
    @TempDir Path dir;

    private List<String> visible(Path folder) throws Exception {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> !n.startsWith("."))
                    .sorted()
                    .toList();
        }
    }

    @Test
    void recordsAreInvisibleUntilPublishedThenOneJsonObjectPerLine() throws Exception {
        // given
        Path target = dir.resolve("quarantine").resolve("run-1.jsonl");
        Path source = dir.resolve("log.csv");
        // when
        try (QuarantineFile file = QuarantineFile.create(target, source)) {
            file.add(
                    new Parsed.Malformed(
                            3, "column 'pages': 'many' is not a number", "A;restore;many"));
            file.add(new Parsed.Malformed(9, "truncated: \"quoted\"\nfield", "A;\"restore\n"));
            // then: nothing under the target's name yet
            assertThat(visible(target.getParent())).isEmpty();
            assertThat(file.count()).isEqualTo(2);
            // when
            assertThat(file.publish()).isEqualTo(target);
        }
        // then
        assertThat(visible(target.getParent())).containsExactly("run-1.jsonl");
        List<String> lines = Files.readAllLines(target);
        assertThat(lines).hasSize(2);
        JsonNode second = new ObjectMapper().readTree(lines.get(1));
        assertThat(second.get("file").asText()).isEqualTo(source.toAbsolutePath().toString());
        assertThat(second.get("line").asLong()).isEqualTo(9);
        assertThat(second.get("reason").asText()).isEqualTo("truncated: \"quoted\"\nfield");
        assertThat(second.get("text").asText()).isEqualTo("A;\"restore\n");
        assertThat(new ObjectMapper().readTree(lines.get(0)).get("line").asLong()).isEqualTo(3);
        assertThat(QuarantineFile.first(target))
                .contains("line 3: column 'pages': 'many' is not a number");
    }

    @Test
    void theFirstRecordIsOneLineAndNothingWithoutAQuarantine() throws Exception {
        // given
        Path target = dir.resolve("run-3.jsonl");
        try (QuarantineFile file = QuarantineFile.create(target, dir.resolve("log.csv"))) {
            file.add(new Parsed.Malformed(9, "truncated: \"quoted\"\nfield", "A;\"restore\n"));
            file.publish();
        }
        // then
        assertThat(QuarantineFile.first(target)).contains("line 9: truncated: \"quoted\" field");
        assertThat(QuarantineFile.first(dir.resolve("none.jsonl"))).isEmpty();
        assertThat(QuarantineFile.first(null)).isEmpty();
    }

    @Test
    void withoutRecordsNothingIsPublished() throws Exception {
        // given
        Path target = dir.resolve("run-2.jsonl");
        // when
        Path published;
        try (QuarantineFile file = QuarantineFile.create(target, dir.resolve("log"))) {
            published = file.publish();
        }
        // then
        assertThat(published).isNull();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void aNewAttemptStartsTheTemporaryFileAfreshAndReplacesTheOldQuarantine() throws Exception {
        // given: an attempt that wrote two records and died, and an older published quarantine
        Path target = dir.resolve("run-3.jsonl");
        Files.writeString(target, "{\"stale\":true}\n");
        QuarantineFile died = QuarantineFile.create(target, dir.resolve("log"));
        died.add(new Parsed.Malformed(1, "a", "x"));
        died.add(new Parsed.Malformed(2, "b", "y"));
        died.close();
        // when
        try (QuarantineFile again = QuarantineFile.create(target, dir.resolve("log"))) {
            again.add(new Parsed.Malformed(1, "a", "x"));
            again.publish();
        }
        // then
        assertThat(Files.readAllLines(target)).hasSize(1).allMatch(l -> l.contains("\"line\":1"));
        assertThat(visible(dir)).containsExactly("run-3.jsonl");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).hasSize(1);
        }
    }
}
