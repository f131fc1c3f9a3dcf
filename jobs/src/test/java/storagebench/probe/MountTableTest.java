package storagebench.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.probe.MountTable.Mount;

class MountTableTest {
    /** From a machine with a separate /data, a directory with a space in its name and a stacked mount. */
    private static final String MOUNTINFO =
            """
            22 1 8:2 / / rw,relatime shared:1 - ext4 /dev/sda2 rw,errors=remount-ro
            23 22 0:21 / /proc rw,nosuid,nodev,noexec,relatime shared:12 - proc proc rw
            30 22 259:1 / /data rw,noatime shared:5 master:2 - xfs /dev/nvme0n1p1 rw,attr2,inode64
            31 22 8:17 / /data2 rw,relatime - ext4 /dev/sdb1 rw
            32 30 0:45 / /data/my\\040disk rw,relatime - tmpfs tmpfs rw,size=1024k
            33 30 259:3 / /data rw,relatime - btrfs /dev/nvme1n1 rw,space_cache=v2
            not a mount line
            """;

    @Test
    void parsesEveryMountLine() {
        // given MOUNTINFO

        // when
        List<Mount> mounts = MountTable.parse(MOUNTINFO);

        // then the optional fields before "-" are skipped, escapes decoded, other lines ignored
        assertThat(mounts).hasSize(6);
        assertThat(mounts.get(0))
                .isEqualTo(new Mount("8:2", "/", "ext4", "/dev/sda2", "rw,relatime"));
        assertThat(mounts.get(2))
                .isEqualTo(new Mount("259:1", "/data", "xfs", "/dev/nvme0n1p1", "rw,noatime"));
        assertThat(mounts.get(4).mountPoint()).isEqualTo("/data/my disk");
    }

    @Test
    void theLongestMountPointHoldsTheDirectoryAndTheLaterOfTwoEqualOnes() {
        // given
        List<Mount> mounts = MountTable.parse(MOUNTINFO);

        // when / then
        assertThat(MountTable.holding(mounts, Path.of("/data/runs/1")))
                .map(Mount::fsType)
                .hasValue("btrfs");
        assertThat(MountTable.holding(mounts, Path.of("/data2/x")))
                .map(Mount::source)
                .hasValue("/dev/sdb1");
        assertThat(MountTable.holding(mounts, Path.of("/data/my disk/x")))
                .map(Mount::fsType)
                .hasValue("tmpfs");
        assertThat(MountTable.holding(mounts, Path.of("/home/me")))
                .map(Mount::source)
                .hasValue("/dev/sda2");
        assertThat(MountTable.holding(List.of(), Path.of("/home/me"))).isEmpty();
    }

    @Test
    void realPathOfAMissingDirectoryCreatesNothing(@TempDir Path temp) throws IOException {
        // given a link to a directory, and a data dir below it that does not exist yet
        Path target = Files.createDirectory(temp.resolve("target"));
        Path link = Files.createSymbolicLink(temp.resolve("link"), target);

        // when
        Path real = MountTable.realPath(link.resolve("data/runs"));

        // then
        assertThat(real).isEqualTo(target.toRealPath().resolve("data/runs"));
        assertThat(target.resolve("data")).doesNotExist();
    }

    @Test
    void unescapesOnlyOctalEscapes() {
        // given / when / then
        assertThat(MountTable.unescape("a\\040b\\011c")).isEqualTo("a b\tc");
        assertThat(MountTable.unescape("a\\x\\04")).isEqualTo("a\\x\\04");
        assertThat(MountTable.unescape("plain")).isEqualTo("plain");
    }
}
