package storagebench.logformat.csv;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import storagebench.logformat.LineReader;
import storagebench.logformat.LogParser;
import storagebench.logformat.Parsed;

/**
 * Any delimited file whose columns are named by options: each row becomes one timed step.
 *
 * <p>Options (or the same keys in a YAML file named by {@code mapping}; options given directly
 * win): {@code map.trial}, {@code map.step}, {@code map.start}, {@code map.end}, {@code
 * map.duration_s} (seconds, or [h:]m:s), {@code map.duration_ms}, {@code map.duration_ns}, {@code
 * map.error} = a column; {@code factor.NAME} = a column kept as text, {@code metric.NAME} = a numeric
 * column (empty cells are left out); {@code trial} = one trial key for all rows (default: map.trial,
 * else each row its own trial {@code row=N}); {@code step} = one step name (default {@value
 * CsvMapping#DEFAULT_STEP}); {@code timestamp-format} = iso (default: ISO-8601 with T or a space,
 * optional offset, UTC without one), epoch-s, epoch-ms or a java.time pattern; {@code delimiter} =
 * , (default) ; tab or another character; {@code header} = true (default) or false, then columns
 * are numbers from 1; {@code encoding} = UTF-8 (default). The duration is end − start or one of the
 * duration columns: exactly one must be mapped.
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
    public Optional<String> mismatch(List<String> head) {
        return CsvSniffer.mismatch(head);
    }

    @Override
    public Stream<Parsed> parse(Path file, Map<String, String> options) throws IOException {
        CsvMapping mapping = CsvMapping.of(name(), options);
        CsvReader csv = new CsvReader(LineReader.text(file, mapping.charset()), mapping.delimiter());
        return new CsvRows(csv, mapping).stream();
    }
}
