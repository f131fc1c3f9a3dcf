package storagebench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.apache.avro.file.DataFileConstants;
import storagebench.BadInputException;

/**
 * A file a command writes whole and replaces where it exists: an Avro export, an HTML page. A file
 * already there that is something else (a mistyped name, a folder) is refused before anything runs,
 * so that no typo costs a user a file; an empty one holds nothing to lose and is replaced.
 */
enum OutputFile {
    /** An Avro object container file: {@code export --to}. */
    AVRO("an Avro file") {
        @Override
        boolean holds(byte[] start) {
            byte[] magic = DataFileConstants.MAGIC;
            return start.length >= magic.length
                    && Arrays.equals(Arrays.copyOf(start, magic.length), magic);
        }
    },
    /** An HTML page: {@code report --html}, {@code run --html}. */
    HTML("an HTML page") {
        @Override
        boolean holds(byte[] start) {
            String text =
                    new String(start, StandardCharsets.UTF_8)
                            .stripLeading()
                            .toLowerCase(Locale.ROOT);
            return text.startsWith("<!doctype html") || text.startsWith("<html");
        }
    };

    /** How many of a file's first bytes say what it is. */
    private static final int START = 64;

    private final String kind;

    OutputFile(String kind) {
        this.kind = kind;
    }

    /** Whether a file that begins with {@code start} is of this kind. */
    abstract boolean holds(byte[] start);

    /**
     * Refuses {@code file}, given as {@code option}, where it exists and is not of this kind (or
     * cannot be read to tell): exit 2 with the file and the reason, nothing written.
     */
    void mayReplace(String option, Path file) {
        if (Files.isDirectory(file)) {
            throw refused(option, file, "is a folder");
        }
        if (!Files.exists(file)) {
            return;
        }
        byte[] start;
        try (InputStream in = Files.newInputStream(file)) {
            start = in.readNBytes(START);
        } catch (IOException e) {
            throw refused(option, file, "exists and cannot be read to see what it holds");
        }
        if (start.length > 0 && !holds(start)) {
            throw refused(option, file, "exists and is not " + kind);
        }
    }

    private static BadInputException refused(String option, Path file, String why) {
        return new BadInputException(
                option
                        + " "
                        + file
                        + ": "
                        + why
                        + "; not replaced: remove it or choose another name");
    }
}
