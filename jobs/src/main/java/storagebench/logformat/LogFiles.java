package storagebench.logformat;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * A log file as its parser reads it: a gzip file (known by its first two bytes, whatever its name) is
 * read as the text it holds, so nightly logs archived as {@code .gz} import as they are, and as the
 * same runs as their uncompressed text.
 */
public final class LogFiles {
    private static final int GZIP_MAGIC_1 = 0x1f;
    private static final int GZIP_MAGIC_2 = 0x8b;

    private LogFiles() {}

    /** Whether the file starts as a gzip file does. */
    public static boolean gzipped(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return in.read() == GZIP_MAGIC_1 && in.read() == GZIP_MAGIC_2;
        }
    }

    /**
     * The file's bytes, those it holds when it is a gzip file; a gzip file cut short or damaged fails a
     * read with an {@link IOException} that says so.
     */
    public static InputStream open(Path file) throws IOException {
        InputStream raw = new BufferedInputStream(Files.newInputStream(file), 64 * 1024);
        try {
            raw.mark(2);
            boolean gzip = raw.read() == GZIP_MAGIC_1 && raw.read() == GZIP_MAGIC_2;
            raw.reset();
            return gzip ? new Damaged(new GZIPInputStream(raw, 64 * 1024)) : raw;
        } catch (EOFException | ZipException e) {
            raw.close();
            throw damaged(e);
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }

    /** The number of bytes {@link #open} gives: a gzip file's read through once. */
    public static long size(Path file) throws IOException {
        if (!gzipped(file)) {
            return Files.size(file);
        }
        try (InputStream in = open(file)) {
            return in.transferTo(OutputStream.nullOutputStream());
        }
    }

    /** The file's name without a trailing {@code .gz}: the log's name as its tool wrote it. */
    public static String name(Path file) {
        String name = String.valueOf(file.getFileName());
        return name.length() > 3 && name.toLowerCase(Locale.ROOT).endsWith(".gz")
                ? name.substring(0, name.length() - 3)
                : name;
    }

    private static IOException damaged(IOException e) {
        return new IOException("a gzip file cut short or damaged (" + e.getMessage() + ")", e);
    }

    /** Says what an error of the gzip stream means. */
    private static final class Damaged extends FilterInputStream {
        Damaged(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            try {
                return super.read();
            } catch (EOFException | ZipException e) {
                throw damaged(e);
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return super.read(b, off, len);
            } catch (EOFException | ZipException e) {
                throw damaged(e);
            }
        }
    }
}
