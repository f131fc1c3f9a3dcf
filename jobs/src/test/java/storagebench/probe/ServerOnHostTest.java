package storagebench.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerOnHostTest {
    @TempDir Path tmp;

    @Test
    void aStatLineIsReadAroundAProcessNameWithBlanksAndParentheses() {
        String[] f =
                ServerOnHost.parse(
                                "4242 (postgres: (walwriter) x) S 4100 4100 4100 0 -1 4194560"
                                        + " 90 0 0 0 7 3 1 2 20 0 1 0 555 1000 10")
                        .orElseThrow();
        assertThat(f[0]).isEqualTo("postgres: (walwriter) x");
        assertThat(f[2]).isEqualTo("4100");
        assertThat(f[12]).isEqualTo("7");
        assertThat(f[13]).isEqualTo("3");
        assertThat(ServerOnHost.parse("no name here")).isEmpty();
    }

    @Test
    void aProcessOfAnotherNameOrNoneIsNoServerOnThisHost() {
        // this JVM is a process here, but not a database server
        long self = ProcessHandle.current().pid();
        assertThat(ServerOnHost.process(Map.of("server_pid", Long.toString(self)))).isEmpty();
        assertThat(ServerOnHost.process(Map.of("server_pid", "not a pid"))).isEmpty();
        assertThat(ServerOnHost.process(Map.of())).isEmpty();
        // and its tree's CPU is read, a gone one is not
        assertThat(ServerOnHost.treeTicks(self)).isPositive();
        assertThat(ServerOnHost.treeTicks(Long.MAX_VALUE)).isEqualTo(-1);
    }

    @Test
    void theServersFoldersAreThoseOnThisHost() {
        Map<String, String> properties =
                Map.of(
                        "data_directory", tmp.toString(),
                        "database_path", tmp.resolve("storagebench.fdb").toString());
        assertThat(ServerOnHost.folders(properties)).containsExactly(tmp, tmp);
        assertThat(ServerOnHost.folders(Map.of("data_directory", "/nowhere/pgdata"))).isEmpty();
    }
}
