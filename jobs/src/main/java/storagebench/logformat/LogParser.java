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
     * The options this format takes, each with a one-line doc (docs/import.md lists them). Any
     * other key is refused before {@link #parse} is called ({@link ParserOptions#check}).
     */
    List<ParserOption> options();

    /**
     * Looks at the first lines of a file (at most {@link #SNIFF_LINES}) and says why it is not this
     * format, or empty when it may be. Used to fail fast, naming the expected format, on a wrong file.
     */
    default Optional<String> mismatch(List<String> head) {
        return mismatchIn(head.subList(0, Math.min(SNIFF_LINES, head.size())));
    }

    /**
     * The host a file of this format names in its first lines (at most {@link #SNIFF_LINES}), which
     * {@code import --host-from-log} takes as its run's host (sysstat's banner); empty when it names
     * none, or the format never does.
     */
    default Optional<String> hostIn(List<String> head) {
        return Optional.empty();
    }

    /** {@link #mismatch} of the first lines only, at most {@link #SNIFF_LINES}. */
    Optional<String> mismatchIn(List<String> lines);

    /**
     * Streams the records of the file. Bad records come as {@link Parsed.Malformed}, never as
     * exceptions; an IOException means the file cannot be read at all. The stream must be closed.
     *
     * @param options the options given, their keys already checked against {@link #options}; a value
     *     the parser cannot use is its to refuse
     */
    Stream<Parsed> parse(Path file, ParserOptions options) throws IOException;

    /** {@link #parse} with the options as given: a key this format does not declare is a BadInputException. */
    default Stream<Parsed> parse(Path file, Map<String, String> options) throws IOException {
        return parse(file, ParserOptions.check(this, options));
    }

    /**
     * The records of the file as every reader takes them: {@link #parse}'s, with a step or sample whose
     * text holds a control character quarantined ({@link ControlCharacters}). The stream must be closed.
     */
    default Stream<Parsed> records(Path file, Map<String, String> options) throws IOException {
        return ControlCharacters.screen(parse(file, options));
    }

    int SNIFF_LINES = 20;
}
