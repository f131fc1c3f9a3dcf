package storagebench.importer;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import storagebench.BadInputException;
import storagebench.logformat.LogFiles;

/**
 * A file to import, checked before anything runs: it exists, is a regular file and can be read;
 * its size and SHA-256 are what its identity derives from. A gzip file's are those of the text it holds
 * ({@link LogFiles}), so it is the same run as that text uncompressed.
 *
 * @param path the file as given
 * @param size its length in bytes (uncompressed)
 * @param sha256 its content's SHA-256, hex (uncompressed)
 * @param loggedHost the host its first lines name (sysstat's banner), taken as its run's host with
 *     {@code import --host-from-log}; else null
 */
public record SourceFile(Path path, long size, String sha256, String loggedHost) {

    /** Checks and hashes the file; anything wrong is a {@link BadInputException} naming the path. */
    public static SourceFile check(Path path) {
        checkReadable(path);
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            long size = 0;
            try (InputStream in = new DigestInputStream(LogFiles.open(path), digest)) {
                byte[] buffer = new byte[64 * 1024];
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    size += n;
                }
            }
            return new SourceFile(path, size, HexFormat.of().formatHex(digest.digest()), null);
        } catch (IOException e) {
            throw new BadInputException(path + ": cannot be read: " + e.getMessage());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A {@link BadInputException} naming the path unless it is a regular file this process can read. */
    public static void checkReadable(Path path) {
        if (!Files.exists(path)) {
            throw new BadInputException(path + ": no such file");
        }
        if (Files.isDirectory(path)) {
            throw new BadInputException(path + ": is a directory; give the log file itself");
        }
        if (!Files.isRegularFile(path)) {
            throw new BadInputException(path + ": not a regular file");
        }
        if (!Files.isReadable(path)) {
            throw new BadInputException(path + ": cannot be read (permission denied)");
        }
    }

    /** This file, of the host its first lines name. */
    SourceFile withLoggedHost(String host) {
        return new SourceFile(path, size, sha256, host);
    }

    public String name() {
        return String.valueOf(path.getFileName());
    }
}
