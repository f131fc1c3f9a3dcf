package storagebench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JavaCommandTest {
    @TempDir Path tmp;

    private List<String> names(Path dir) throws Exception {
        try (var files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void privateCopyIsMadeOncePerBuildAndReplacesTheCopiesOfEarlierBuilds() throws Exception {
        // given
        Path jar = tmp.resolve("storagebench.jar");
        Files.write(jar, new byte[] {1, 2, 3});
        Files.setLastModifiedTime(jar, FileTime.fromMillis(1_000_000));
        Path dir = tmp.resolve("app");
        // when
        Path first = JavaCommand.privateCopy(jar, dir);
        FileTime copied = Files.getLastModifiedTime(first);
        Path again = JavaCommand.privateCopy(jar, dir);
        // then: one copy, the same, not copied again
        assertThat(again).isEqualTo(first);
        assertThat(Files.getLastModifiedTime(again)).isEqualTo(copied);
        assertThat(Files.readAllBytes(first)).containsExactly(1, 2, 3);
        assertThat(names(dir)).containsExactly("storagebench-3-1000000.jar");

        // when: a build rewrites the jar in place
        Files.write(jar, new byte[] {4, 5, 6, 7});
        Files.setLastModifiedTime(jar, FileTime.fromMillis(2_000_000));
        Path second = JavaCommand.privateCopy(jar, dir);
        // then: the new build's copy, whole, and the earlier one gone
        assertThat(Files.readAllBytes(second)).containsExactly(4, 5, 6, 7);
        assertThat(names(dir)).containsExactly("storagebench-4-2000000.jar");
    }
}
