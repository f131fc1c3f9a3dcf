package storagebench.config;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.CollectionEndEvent;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.Event;
import storagebench.BadInputException;

/**
 * What storagebench reads before it parses: a config (experiment, schedules, CSV mapping) or settings
 * file larger than {@link #MAX_FILE_BYTES} is refused unread, and every YAML parser runs with the
 * limits of {@link #yaml()}, so no input keeps a core busy or fills the heap (docs/experiments.md).
 */
public final class InputLimits {
    /** The largest config or settings file read: 1 MiB, far above any real one (seed 000's is 2 KB). */
    public static final int MAX_FILE_BYTES = 1 << 20;

    /**
     * The longest line of a config file, in bytes: SnakeYAML takes time quadratic in a token's length
     * on one line (a 1 MB line took seconds), and no config needs a line this long.
     */
    public static final int MAX_LINE_BYTES = 64 * 1024;

    /** Aliases to collections a YAML document may hold (an alias bomb has thousands). */
    public static final int MAX_ALIASES = 50;

    /** How deep YAML collections may nest (an experiment needs 4). */
    public static final int MAX_NESTING_DEPTH = 50;

    private InputLimits() {}

    /** The loader options of every YAML parser: the limits set, none left to SnakeYAML's defaults. */
    public static LoaderOptions yaml() {
        LoaderOptions options = new LoaderOptions();
        options.setMaxAliasesForCollections(MAX_ALIASES);
        options.setAllowRecursiveKeys(false);
        options.setNestingDepthLimit(MAX_NESTING_DEPTH);
        options.setCodePointLimit(MAX_FILE_BYTES);
        return options;
    }

    /**
     * The line where a YAML text passes {@link #MAX_ALIASES} or {@link #MAX_NESTING_DEPTH}, read from
     * the parser's events (SnakeYAML's composer, which enforces them, says neither where); 0 when it
     * passes neither.
     */
    public static int lineOfLimit(String text) {
        int depth = 0;
        int aliases = 0;
        try {
            for (Event event : new Yaml(yaml()).parse(new StringReader(text))) {
                if (event instanceof CollectionStartEvent) {
                    depth++;
                } else if (event instanceof CollectionEndEvent) {
                    depth--;
                } else if (event instanceof AliasEvent) {
                    aliases++;
                }
                if (depth > MAX_NESTING_DEPTH || aliases > MAX_ALIASES) {
                    return event.getStartMark().getLine() + 1;
                }
            }
        } catch (RuntimeException e) {
            // not YAML beyond this point: the composer's message says so
        }
        return 0;
    }

    /**
     * Refuses a file larger than {@link #MAX_FILE_BYTES}, before a byte of it is read.
     *
     * @param what what the file is, for the message ("config file", "settings file")
     */
    public static void checkSize(Path file, String what) {
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            return; // the read that follows says why it cannot be read
        }
        if (size > MAX_FILE_BYTES) {
            throw new BadInputException(
                    file
                            + ": "
                            + bytes(size)
                            + ", more than the "
                            + bytes(MAX_FILE_BYTES)
                            + " a "
                            + what
                            + " may have; nothing of it was read");
        }
    }

    /**
     * Refuses a config whose line is longer than {@link #MAX_LINE_BYTES}, naming the file and the line.
     */
    public static void checkLines(Path file, byte[] bytes) {
        int start = 0;
        int line = 1;
        for (int i = 0; i <= bytes.length; i++) {
            if (i == bytes.length || bytes[i] == '\n') {
                if (i - start > MAX_LINE_BYTES) {
                    throw new ConfigException(
                            file.toString(),
                            line,
                            null,
                            "a line of "
                                    + bytes(i - start)
                                    + ", more than the "
                                    + bytes(MAX_LINE_BYTES)
                                    + " a config line may have; nothing of it was parsed");
                }
                start = i + 1;
                line++;
            }
        }
    }

    /** A size in bytes and in the unit that reads best: "52428800 bytes (50.0 MiB)". */
    public static String bytes(long n) {
        if (n < 1024) {
            return n + " bytes";
        }
        String unit = n < 1 << 20 ? "KiB" : n < 1L << 30 ? "MiB" : "GiB";
        double scaled = n / (double) (n < 1 << 20 ? 1 << 10 : n < 1L << 30 ? 1 << 20 : 1L << 30);
        String value =
                scaled == Math.rint(scaled)
                        ? String.valueOf((long) scaled)
                        : String.format(Locale.ROOT, "%.1f", scaled);
        return n + " bytes (" + value + " " + unit + ")";
    }
}
