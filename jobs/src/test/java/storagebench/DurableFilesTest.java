package storagebench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class DurableFilesTest {
    @Test
    void aBareFileNameIsWrittenInTheWorkingFolder() throws Exception {
        // given: a name with no folder, as in README's `export --to history.avro`
        Path bare = Path.of("durable-files-test-" + ProcessHandle.current().pid() + ".txt");
        assertThat(bare.getParent()).isNull();
        try {
            // when
            DurableFiles.writeAtomically(bare, "written");
            // then
            assertThat(Files.readString(bare, StandardCharsets.UTF_8)).isEqualTo("written");
        } finally {
            Files.deleteIfExists(bare);
        }
    }

    @Test
    void aBareTemporaryFileIsCommittedUnderABareName() throws Exception {
        // given
        String stem = "durable-files-commit-" + ProcessHandle.current().pid();
        Path temp = Path.of("." + stem + DurableFiles.TEMP_SUFFIX);
        Path target = Path.of(stem);
        try {
            Files.writeString(temp, "x");
            // when
            DurableFiles.commit(temp, target);
            // then
            assertThat(target).exists();
            assertThat(temp).doesNotExist();
        } finally {
            Files.deleteIfExists(temp);
            Files.deleteIfExists(target);
        }
    }
}
