package storagebench.logformat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Reads the raw output of a tool (gbak, fio, pgbench, a timing log, …) into timed steps and IO
 * samples. Registered by name in {@link LogParsers}; used by {@code import --format NAME} and by
 * the {@code command} workload's {@code parser:} option.
 */
public interface LogParser {

    /** The format's name, as given to {@code --format}. */
    String name();

    /** One line for --help. */
    String description();

    /**
     * Looks at the first lines of a file (at most {@link #SNIFF_LINES}) and says why it is not this
     * format, or empty when it may be. Used to fail fast, naming the expected format, on a wrong file.
     */
    Optional<String> mismatch(List<String> head);

    /**
     * Streams the records of the file. Bad records come as {@link Parsed.Malformed}, never as
     * exceptions; an IOException means the file cannot be read at all. The stream must be closed.
     *
     * @param options format options, e.g. a CSV column mapping (each parser documents its own)
     */
    Stream<Parsed> parse(Path file, Map<String, String> options) throws IOException;

    /**
     * The records of the file as every reader takes them: {@link #parse}'s, with a step or sample whose
     * text holds a control character quarantined ({@link ControlCharacters}). The stream must be closed.
     */
    default Stream<Parsed> records(Path file, Map<String, String> options) throws IOException {
        return ControlCharacters.screen(parse(file, options));
    }

    int SNIFF_LINES = 20;
}
