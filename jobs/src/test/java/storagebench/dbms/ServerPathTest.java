package storagebench.dbms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A SQL Server file-root is written into T-SQL literals: only plain absolute paths pass. */
class ServerPathTest {
    @Test
    void linuxAndWindowsPathsPassWithoutTheirTrailingSeparator() {
        // then
        assertThat(ServerPath.parse("/var/opt/mssql/data/").path())
                .isEqualTo("/var/opt/mssql/data");
        assertThat(ServerPath.parse("D:\\SQLData\\").path()).isEqualTo("D:\\SQLData");
        assertThat(ServerPath.parse("C:\\").path()).isEqualTo("C:\\");
        assertThat(
                        ServerPath.parse(
                                        "C:\\Program Files\\Microsoft SQL Server\\MSSQL16.MSSQLSERVER\\MSSQL\\DATA")
                                .literal("x_data001.mdf"))
                .isEqualTo(
                        "N'C:\\Program Files\\Microsoft SQL Server\\MSSQL16.MSSQLSERVER\\MSSQL\\DATA\\x_data001.mdf'");
        assertThat(ServerPath.parse("/var/opt/mssql/data").literal("x_log.ldf"))
                .isEqualTo("N'/var/opt/mssql/data/x_log.ldf'");
        assertThat(ServerPath.parse("C:\\").resolve("x.bak")).isEqualTo("C:\\x.bak");
    }

    @Test
    void hostilePathsAreRefusedWithTheReason() {
        // given: every hostile name but C:\\Temp\\x (a hostile identifier, a fine path), and paths
        // that would
        // end the literal or leave the directory
        List<String> paths = new ArrayList<>(HostileNames.ALL);
        assertThat(paths.remove("C:\\Temp\\x")).isTrue();
        assertThat(ServerPath.parse("C:\\Temp\\x").literal("a.mdf"))
                .isEqualTo("N'C:\\Temp\\x\\a.mdf'");
        paths.addAll(
                List.of(
                        "/var/opt/mssql/data'; DROP DATABASE master; --",
                        "/data/../etc",
                        "relative/dir",
                        "D:SQLData",
                        "\\\\server\\share",
                        "/a//b",
                        "/x\"y",
                        "/a;b",
                        "/a\nb",
                        "D:\\x/y",
                        "/a/./b",
                        "/" + "x".repeat(300)));
        // then
        for (String path : paths) {
            assertThatThrownBy(() -> ServerPath.parse(path))
                    .as("%s", path)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageNotContaining("x".repeat(100));
        }
        assertThatThrownBy(() -> ServerPath.parse("/data/it's"))
                .hasMessageContaining("string literals");
        assertThatThrownBy(() -> ServerPath.parse("/data/../etc"))
                .hasMessageContaining("'..' segment");
    }

    @Test
    void fileNamesAreCheckedToo() {
        ServerPath root = ServerPath.parse("/var/opt/mssql/data");
        for (String name : List.of("a'b.mdf", "../x.mdf", "a/b.mdf", "a\\b.mdf", "", ".x")) {
            assertThatThrownBy(() -> root.literal(name))
                    .as(name)
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }
}
