package storagebench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessLockTest {
    @TempDir Path dir;

    @Test
    void aSecondHolderInTheSameJvmIsRefusedWithoutDroppingTheFirstOnesLock() throws Exception {
        // given
        Path file = dir.resolve("run.lock");
        Optional<ProcessLock> first = ProcessLock.tryTake(file);
        // when
        Optional<ProcessLock> second = ProcessLock.tryTake(dir.resolve(".").resolve("run.lock"));
        // then: refused, and the first is still the holder (no second channel was opened and
        // closed)
        assertThat(first).isPresent();
        assertThat(second).isEmpty();
        assertThat(ProcessLock.tryTake(file)).isEmpty();
        first.get().close();
        Optional<ProcessLock> again = ProcessLock.tryTake(file);
        assertThat(again).isPresent();
        again.get().close();
    }
}
