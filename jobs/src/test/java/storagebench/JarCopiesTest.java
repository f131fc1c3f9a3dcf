package storagebench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JarCopiesTest {
    @TempDir Path tmp;

    private List<String> names(Path dir) throws Exception {
        try (var files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private Path build(byte[] content, long millis) throws Exception {
        Path jar = tmp.resolve("storagebench.jar");
        Files.write(jar, content);
        Files.setLastModifiedTime(jar, FileTime.fromMillis(millis));
        return jar;
    }

    @Test
    void aCopyIsMadeOncePerBuildAndSharedByEveryCommand() throws Exception {
        // given
        Path jar = build(new byte[] {1, 2, 3}, 1_000_000);
        Path dir = tmp.resolve("cache");
        // when
        Path first = JarCopies.copyOf(jar, dir);
        Path again = JarCopies.copyOf(jar, dir);
        // then: one copy, the same, and its lock file
        assertThat(again).isEqualTo(first);
        assertThat(Files.readAllBytes(first)).containsExactly(1, 2, 3);
        assertThat(names(dir))
                .containsExactly("storagebench-3-1000000.jar", "storagebench-3-1000000.jar.lock");
    }

    @Test
    void anEarlierBuildsCopyStaysWhileStartedFromLatelyOrHeldAndGoesAfter() throws Exception {
        // given: a copy of one build, then a build rewrites the jar in place
        Path dir = tmp.resolve("cache");
        Path earlier = JarCopies.copyOf(build(new byte[] {1, 2, 3}, 1_000_000), dir);
        Path later = JarCopies.copyOf(build(new byte[] {4, 5, 6, 7}, 2_000_000), dir);
        // then: the new build's copy, whole, and the earlier one kept (a process started from it
        // lately may not hold its lock yet)
        assertThat(Files.readAllBytes(later)).containsExactly(4, 5, 6, 7);
        assertThat(earlier).exists();

        // when: a running process holds the earlier copy, and its grace is over
        try (FileChannel holder =
                FileChannel.open(JarCopies.lockFile(earlier), StandardOpenOption.READ)) {
            holder.lock(0, Long.MAX_VALUE, true);
            JarCopies.removeUnused(dir, later.getFileName().toString(), Duration.ZERO);
            // then: kept
            assertThat(earlier).exists();
        }

        // when: nothing holds it any more
        JarCopies.removeUnused(dir, later.getFileName().toString(), Duration.ZERO);
        // then: gone, with its lock file; the new build's copy stays
        assertThat(names(dir))
                .containsExactly("storagebench-4-2000000.jar", "storagebench-4-2000000.jar.lock");
    }
}
