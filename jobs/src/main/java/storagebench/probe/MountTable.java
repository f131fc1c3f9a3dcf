package storagebench.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The mounts of {@code /proc/self/mountinfo}, and which one holds a directory. */
final class MountTable {
    /**
     * One mount.
     *
     * @param majorMinor the device number, e.g. {@code 8:2}; {@code 0:n} for virtual file systems
     * @param mountPoint where it is mounted
     * @param fsType the file system type, e.g. ext4, xfs, overlay
     * @param source what is mounted, e.g. /dev/sda2
     * @param options the mount options, e.g. rw,relatime
     */
    record Mount(
            String majorMinor, String mountPoint, String fsType, String source, String options) {}

    private MountTable() {}

    /**
     * Parses mountinfo lines: {@code id parent major:minor root mount-point options [optional...] - type
     * source super-options}. Lines that do not have that shape are skipped.
     */
    static List<Mount> parse(String mountinfo) {
        List<Mount> mounts = new ArrayList<>();
        if (mountinfo == null) {
            return mounts;
        }
        for (String line : mountinfo.split("\n")) {
            String[] f = line.strip().split(" ");
            int dash = List.of(f).indexOf("-");
            if (dash >= 6 && f.length >= dash + 3) {
                mounts.add(
                        new Mount(
                                f[2],
                                unescape(f[4]),
                                unescape(f[dash + 1]),
                                unescape(f[dash + 2]),
                                f[5]));
            }
        }
        return mounts;
    }

    /** The mount holding {@code realPath}: the longest mount point that contains it, the later of equals. */
    static Optional<Mount> holding(List<Mount> mounts, Path realPath) {
        Mount best = null;
        int bestDepth = -1;
        for (Mount m : mounts) {
            try {
                Path point = Path.of(m.mountPoint());
                if (realPath.startsWith(point) && point.getNameCount() >= bestDepth) {
                    best = m;
                    bestDepth = point.getNameCount();
                }
            } catch (InvalidPathException e) {
                // not a path on this system: cannot hold the directory
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * The real path a directory has or will have: the nearest existing ancestor with symbolic links
     * resolved, plus the rest. Creates nothing.
     */
    static Path realPath(Path dir) throws IOException {
        Path absolute = dir.toAbsolutePath().normalize();
        Path existing = absolute;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return absolute;
        }
        return existing.toRealPath().resolve(existing.relativize(absolute));
    }

    /** mountinfo writes space, tab, newline and backslash as octal escapes such as {@code \040}. */
    static String unescape(String field) {
        if (field.indexOf('\\') < 0) {
            return field;
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '\\' && isOctal(field, i + 1)) {
                out.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static boolean isOctal(String s, int from) {
        for (int i = from; i < from + 3; i++) {
            if (i >= s.length() || s.charAt(i) < '0' || s.charAt(i) > '7') {
                return false;
            }
        }
        return true;
    }
}
