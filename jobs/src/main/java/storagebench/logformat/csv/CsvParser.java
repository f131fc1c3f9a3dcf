package storagebench.logformat.csv;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import storagebench.logformat.LineReader;
import storagebench.logformat.LogParser;
import storagebench.logformat.Parsed;
import storagebench.logformat.ParserOption;
import storagebench.logformat.ParserOptions;

/**
 * Any delimited file whose columns are named by options: each row becomes one timed step.
 *
 * <p>Options: see {@link #options()}, or the same keys in a YAML file named by {@code mapping}
 * (options given directly win). The duration is end − start or one of the duration columns:
 * exactly one must be mapped.
 */
public final class CsvParser implements LogParser {

    @Override
    public String name() {
        return "csv";
    }

    @Override
    public String description() {
        return "any CSV, columns mapped by options (map.step=, map.start=, map.end= or map.duration_s=,"
                + " factor.NAME=, metric.NAME=, or mapping=FILE.yaml): one step per row";
    }

    @Override
    public List<ParserOption> options() {
        return CsvMapping.OPTIONS;
    }

    @Override
    public Optional<String> mismatchIn(List<String> lines) {
        return CsvSniffer.mismatch(lines);
    }

    @Override
    public Stream<Parsed> parse(Path file, ParserOptions options) throws IOException {
        CsvMapping mapping = CsvMapping.of(options);
        CsvReader csv =
                new CsvReader(LineReader.text(file, mapping.charset()), mapping.delimiter());
        return new CsvRows(csv, mapping).stream();
    }
}
