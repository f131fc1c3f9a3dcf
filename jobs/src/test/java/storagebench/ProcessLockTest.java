package storagebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.runner.RunLock;

class ProcessLockTest {
    @TempDir
    Path tmp;

    @Test
    void aHeldLockIsNotGivenTwiceAndIsFreeOnceClosed() throws Exception {
        // given
        Path file = tmp.resolve("a").resolve("b.lock");
        try (ProcessLock first = ProcessLock.tryTake(file).orElseThrow()) {
            // when / then: its folder was made, and a second holder is refused
            assertThat(first).isNotNull();
            Optional<ProcessLock> second = ProcessLock.tryTake(file);
            assertThat(second).isEmpty();
        }
        try (ProcessLock again = ProcessLock.tryTake(file).orElseThrow()) {
            assertThat(again).isNotNull();
        }
    }

    @Test
    void aRunHeldElsewhereIsABadInputNamingTheRun() {
        try (ProcessLock held = RunLock.take(tmp, "20261130-070000-abcd")) {
            assertThat(held).isNotNull();
            assertThatThrownBy(() -> RunLock.take(tmp, "20261130-070000-abcd")).isInstanceOf(BadInputException.class)
                    .hasMessage("run 20261130-070000-abcd is running in another process");
        }
    }
}
