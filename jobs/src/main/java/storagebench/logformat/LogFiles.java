package storagebench.logformat;

import io.airlift.compress.MalformedInputException;
import io.airlift.compress.zstd.ZstdInputStream;
import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

/**
 * A log file as its parser reads it: a gzip or zstd file (known by its first bytes, whatever its name)
 * is read as the text it holds, so nightly logs archived as {@code .gz} or {@code .zst} (logrotate's
 * {@code compresscmd zstd}) import as they are, and as the same runs as their uncompressed text.
 */
public final class LogFiles {
    private LogFiles() {}

    /** How a log file is compressed, by its first bytes. */
    private enum Compression {
        NONE("", new byte[0]),
        GZIP("gzip", new byte[] {0x1f, (byte) 0x8b}),
        ZSTD("zstd", new byte[] {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd}),
        /** Not read: said so, rather than read as a log of binary lines. */
        XZ("xz", new byte[] {(byte) 0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00});

        static final int LONGEST_MAGIC = 6;

        private final String name;
        private final byte[] magic;

        Compression(String name, byte[] magic) {
            this.name = name;
            this.magic = magic;
        }

        /** The compression of the stream's first bytes, read from it. */
        static Compression read(InputStream in) throws IOException {
            byte[] head = new byte[LONGEST_MAGIC];
            return of(head, in.readNBytes(head, 0, head.length));
        }

        private static Compression of(byte[] head, int length) {
            for (Compression c : List.of(GZIP, ZSTD, XZ)) {
                if (length >= c.magic.length
                        && Arrays.equals(head, 0, c.magic.length, c.magic, 0, c.magic.length)) {
                    return c;
                }
            }
            return NONE;
        }

        InputStream decompressed(InputStream raw) throws IOException {
            return switch (this) {
                case GZIP -> new GZIPInputStream(raw, 64 * 1024);
                case ZSTD -> new ZstdInputStream(raw);
                case NONE -> raw;
                case XZ ->
                        throw new NotRead(
                                "an xz file, which is not read: unpack it first (xz -dc FILE >"
                                        + " LOG)");
            };
        }

        /** What an error of the decompressing stream means, as the IOException a read fails with. */
        IOException damaged(Exception e) {
            return new IOException(
                    "a " + name + " file cut short or damaged (" + e.getMessage() + ")", e);
        }
    }

    /** Whether the file starts as a gzip, zstd or xz file does. */
    public static boolean compressed(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return Compression.read(in) != Compression.NONE;
        }
    }

    /**
     * The file's bytes, those it holds when it is a gzip or zstd file; one cut short or damaged fails a
     * read with an {@link IOException} that says so.
     */
    public static InputStream open(Path file) throws IOException {
        InputStream raw = new BufferedInputStream(Files.newInputStream(file), 64 * 1024);
        try {
            raw.mark(Compression.LONGEST_MAGIC);
            Compression compression = Compression.read(raw);
            raw.reset();
            if (compression == Compression.NONE) {
                return raw;
            }
            try {
                return new Damaged(compression.decompressed(new Source(raw)), compression);
            } catch (NotRead e) {
                throw e;
            } catch (SourceException e) {
                throw (IOException) e.getCause();
            } catch (IOException | MalformedInputException e) {
                throw compression.damaged(e);
            }
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }

    /** The number of bytes {@link #open} gives: a compressed file's read through once. */
    public static long size(Path file) throws IOException {
        if (!compressed(file)) {
            return Files.size(file);
        }
        try (InputStream in = open(file)) {
            return in.transferTo(OutputStream.nullOutputStream());
        }
    }

    /** The file's name without a trailing {@code .gz} or {@code .zst}: the log's name as its tool wrote it. */
    public static String name(Path file) {
        String name = String.valueOf(file.getFileName());
        String lower = name.toLowerCase(Locale.ROOT);
        for (String suffix : List.of(".gz", ".zst")) {
            if (name.length() > suffix.length() && lower.endsWith(suffix)) {
                return name.substring(0, name.length() - suffix.length());
            }
        }
        return name;
    }

    /** A compressed file whose compression is not read. */
    private static final class NotRead extends IOException {
        NotRead(String message) {
            super(message);
        }
    }

    /**
     * A read error of the file itself, told apart from what a decompressor says of the bytes it read.
     */
    private static final class SourceException extends IOException {
        SourceException(IOException cause) {
            super(cause.getMessage(), cause);
        }
    }

    /** The compressed file's bytes, its read errors as {@link SourceException}s. */
    private static final class Source extends FilterInputStream {
        Source(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            try {
                return super.read();
            } catch (IOException e) {
                throw new SourceException(e);
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return super.read(b, off, len);
            } catch (IOException e) {
                throw new SourceException(e);
            }
        }
    }

    /**
     * Says what an error of the decompressing stream means: the file cut short or damaged, unless the
     * file itself could not be read.
     */
    private static final class Damaged extends FilterInputStream {
        private final Compression compression;

        Damaged(InputStream in, Compression compression) {
            super(in);
            this.compression = compression;
        }

        @Override
        public int read() throws IOException {
            try {
                return super.read();
            } catch (SourceException e) {
                throw (IOException) e.getCause();
            } catch (IOException | MalformedInputException e) {
                throw compression.damaged(e);
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return super.read(b, off, len);
            } catch (SourceException e) {
                throw (IOException) e.getCause();
            } catch (IOException | MalformedInputException e) {
                throw compression.damaged(e);
            }
        }
    }
}
