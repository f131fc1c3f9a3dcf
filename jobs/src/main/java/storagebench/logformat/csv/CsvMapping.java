package storagebench.logformat.csv;

import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import storagebench.logformat.ParserOption;
import storagebench.logformat.ParserOptions;
import storagebench.logformat.Timestamps;

/**
 * The csv format's options, checked once: which column holds what, and how to read the file.
 *
 * @param columns the mapped columns by option key ({@code map.step}, {@code factor.server},
 *     {@code metric.tps}, …) in the order given; without a header, 1-based column numbers
 * @param duration the key of the column the duration comes from: {@code map.end} (minus
 *     {@code map.start}) or one of {@code map.duration_s|ms|ns}
 * @param trial the trial key of every row, or null (then map.trial, else one trial per row)
 * @param step the step name when map.step is not given
 */
record CsvMapping(
        char delimiter,
        boolean header,
        Charset charset,
        Timestamps timestamps,
        String trial,
        String step,
        String duration,
        Map<String, String> columns) {

    static final String MAPPING = "mapping";
    static final String TRIAL = "trial";
    static final String STEP = "step";
    static final String TIMESTAMP_FORMAT = "timestamp-format";
    static final String DELIMITER = "delimiter";
    static final String HEADER = "header";
    static final String MAP = "map.";
    static final String FACTOR = "factor.";
    static final String METRIC = "metric.";
    static final String DEFAULT_STEP = "csv";
    static final List<String> FIELDS =
            List.of(
                    "trial",
                    "step",
                    "start",
                    "end",
                    "duration_s",
                    "duration_ms",
                    "duration_ns",
                    "error");
    private static final List<String> DURATIONS =
            List.of("map.end", "map.duration_s", "map.duration_ms", "map.duration_ns");

    /** The options a mapping file may hold: all but {@code mapping}. */
    private static final List<ParserOption> IN_FILE =
            List.of(
                    ParserOption.plain(
                            TRIAL,
                            "one trial key for all rows (default: map.trial, else each row its own "
                                    + "trial row=N)"),
                    ParserOption.plain(
                            STEP, "one step name for all rows (default " + DEFAULT_STEP + ")"),
                    ParserOption.plain(
                            TIMESTAMP_FORMAT,
                            "iso (default: ISO-8601 with T or a space, optional offset, UTC "
                                    + "without one), epoch-s, epoch-ms or a java.time pattern"),
                    ParserOption.plain(
                            DELIMITER,
                            "the field separator: , (default), ;, tab or another character"),
                    ParserOption.plain(
                            HEADER, "true (default), or false: then columns are numbers from 1"),
                    ParserOption.ENCODING,
                    ParserOption.prefix(
                            MAP,
                            "the column of that field: trial, step, start, end, duration_s (seconds "
                                    + "or [h:]m:s), duration_ms, duration_ns or error"),
                    ParserOption.prefix(FACTOR, "a column whose text becomes that factor"),
                    ParserOption.prefix(
                            METRIC,
                            "a numeric column that becomes that metric (empty cells are left out)"));

    static final List<ParserOption> OPTIONS =
            Stream.concat(
                            Stream.of(
                                    ParserOption.plain(
                                            MAPPING,
                                            "a YAML file with the other options, flat (map.step: phase) or "
                                                    + "nested; options given directly win")),
                            IN_FILE.stream())
                    .toList();

    /** Options given directly win over the same keys in the mapping file. */
    static CsvMapping of(ParserOptions given) {
        Optional<String> file = given.get(MAPPING).map(String::trim).filter(f -> !f.isEmpty());
        ParserOptions options =
                file.isEmpty()
                        ? given
                        : given.over(
                                ParserOptions.check(
                                        given.format() + ": mapping file " + file.get(),
                                        MappingFile.load(Path.of(file.get())),
                                        IN_FILE));
        boolean header = options.flag(HEADER, true);
        Map<String, String> columns = columns(options, header);
        String duration = duration(options, columns);
        if (columns.containsKey("map.trial") && options.get(TRIAL).isPresent()) {
            throw options.bad(
                    "give map.trial (a column) or trial (one key for all rows), not both");
        }
        if (columns.containsKey("map.step") && options.get(STEP).isPresent()) {
            throw options.bad("give map.step (a column) or step (one name for all rows), not both");
        }
        return new CsvMapping(
                delimiter(options),
                header,
                options.charset(),
                timestamps(options),
                options.get(TRIAL).orElse(null),
                options.get(STEP).orElse(DEFAULT_STEP),
                duration,
                columns);
    }

    private static Map<String, String> columns(ParserOptions options, boolean header) {
        Map<String, String> columns = new LinkedHashMap<>();
        for (String prefix : List.of(MAP, FACTOR, METRIC)) {
            options.withPrefix(prefix)
                    .forEach(
                            (name, column) -> {
                                String key = prefix + name;
                                if (prefix.equals(MAP) && !FIELDS.contains(name)) {
                                    throw options.bad(
                                            "unknown field in option "
                                                    + key
                                                    + "; map."
                                                    + String.join(", map.", FIELDS));
                                }
                                if (column.isBlank()) {
                                    throw options.bad(key, column, "a column name");
                                }
                                if (!header && !column.trim().matches("[1-9][0-9]{0,5}")) {
                                    throw options.bad(
                                            key, column, "a column number from 1 (header=false)");
                                }
                                columns.put(key, column.trim());
                            });
        }
        return columns;
    }

    private static String duration(ParserOptions options, Map<String, String> columns) {
        List<String> given = DURATIONS.stream().filter(columns::containsKey).toList();
        if (given.size() != 1) {
            throw options.bad(
                    (given.isEmpty() ? "no duration: " : "more than one duration (" + given + "): ")
                            + "give the column of one: map.duration_s, map.duration_ms, map.duration_ns, or"
                            + " map.end with map.start; e.g. --option map.duration_ms=COLUMN");
        }
        if (given.get(0).equals("map.end") && !columns.containsKey("map.start")) {
            throw options.bad("map.end needs map.start: the duration is end minus start");
        }
        return given.get(0);
    }

    private static char delimiter(ParserOptions options) {
        String d = options.get(DELIMITER).orElse(",");
        if (d.equalsIgnoreCase("tab") || d.equals("\\t") || d.equals("\t")) {
            return '\t';
        }
        if (d.length() != 1 || "\"\r\n".contains(d)) {
            throw options.bad(DELIMITER, d, "one character such as , or ; or tab");
        }
        return d.charAt(0);
    }

    private static Timestamps timestamps(ParserOptions options) {
        String format = options.get(TIMESTAMP_FORMAT).orElse(Timestamps.ISO);
        try {
            return Timestamps.of(format);
        } catch (IllegalArgumentException e) {
            throw options.bad(
                    TIMESTAMP_FORMAT,
                    format,
                    "iso, epoch-s, epoch-ms or a java.time pattern (" + e.getMessage() + ")");
        }
    }
}
