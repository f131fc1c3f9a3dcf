package storagebench.logformat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import storagebench.DurableFiles;
import storagebench.config.Secrets;

/**
 * Records a parser could not read, one JSON object per line ({@code file}, {@code line},
 * {@code reason}, {@code text}; a password in a URL or a {@code password=} of the text shown as ***). They are written to a hidden temporary file beside the target and
 * appear under the target's name only in {@link #publish()}, fsynced and renamed atomically, so no
 * reader ever sees a half-written quarantine. Without records nothing is published.
 */
public final class QuarantineFile implements Closeable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path target;
    private final Path temp;
    private final String source;
    private BufferedWriter out;
    private long count;

    private QuarantineFile(Path target, String source) {
        this.target = target;
        this.temp = target.resolveSibling("." + target.getFileName() + ".tmp");
        this.source = source;
    }

    /**
     * A quarantine of the records of {@code source} that becomes {@code target}; any earlier unfinished
     * temporary file of the same target is started afresh.
     */
    public static QuarantineFile create(Path target, Path source) throws IOException {
        QuarantineFile file = new QuarantineFile(target, source.toAbsolutePath().toString());
        Files.createDirectories(target.toAbsolutePath().getParent());
        file.out =
                Files.newBufferedWriter(
                        file.temp,
                        StandardCharsets.UTF_8,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.TRUNCATE_EXISTING,
                        StandardOpenOption.WRITE);
        return file;
    }

    public void add(Parsed.Malformed record) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("file", source);
        entry.put("line", record.line());
        entry.put("reason", Secrets.redactText(record.reason()));
        entry.put("text", Secrets.redactText(record.text()));
        try {
            out.write(JSON.writeValueAsString(entry));
            out.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot write the quarantine " + temp + ": " + e.getMessage(), e);
        }
        count++;
    }

    public long count() {
        return count;
    }

    public Path target() {
        return target;
    }

    /**
     * Makes the records visible under the target name (fsync, atomic rename, folder fsync) and returns
     * it; with no records, drops the temporary file and returns null.
     */
    public Path publish() throws IOException {
        close();
        if (count == 0) {
            Files.deleteIfExists(temp);
            return null;
        }
        DurableFiles.commit(temp, target);
        return target;
    }

    /**
     * The first record of a published quarantine, as {@code line N: reason} on one line; empty when there
     * is none or it cannot be read.
     */
    public static Optional<String> first(Path quarantine) {
        if (quarantine == null) {
            return Optional.empty();
        }
        try (BufferedReader in = Files.newBufferedReader(quarantine, StandardCharsets.UTF_8)) {
            String line = in.readLine();
            if (line == null) {
                return Optional.empty();
            }
            JsonNode record = JSON.readTree(line);
            return Optional.of(shown(record.path("line").asLong(), record.path("reason").asText()));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** A malformed record as {@code line N: reason} on one line, its reason as the quarantine keeps it. */
    public static String shown(Parsed.Malformed record) {
        return shown(record.line(), Secrets.redactText(record.reason()));
    }

    private static String shown(long line, String reason) {
        return "line " + line + ": " + reason.replaceAll("\\R", " ");
    }

    /** Closes the temporary file without publishing it (a later attempt starts it afresh). */
    @Override
    public void close() throws IOException {
        if (out != null) {
            out.close();
            out = null;
        }
    }
}
