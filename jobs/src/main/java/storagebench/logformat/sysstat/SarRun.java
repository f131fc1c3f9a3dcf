package storagebench.logformat.sysstat;

import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import storagebench.logformat.LineReader;
import storagebench.logformat.LineRecords;
import storagebench.logformat.Parsed;
import storagebench.logformat.csv.CsvReader;

/**
 * Reads {@code sadf -d} output line by line: sections one after another, each a header line and a line
 * per interval (and per CPU or device), fields split by {@code ;}. A line's timestamp is the end of its
 * interval, its interval field the length in seconds. CPU and device lines become rows at once; memory
 * (-r, -S) and pressure (-q PSI) come in several sections that make one row per interval, so they are
 * held, by interval, to the end of the file (a few hundred bytes per interval). So are the CPU and core
 * rows of a file with sar -m CPU's section, which sadf prints after -u's: each row takes its CPU's
 * frequency of the interval, as the live sampler's (a few hundred bytes per interval and CPU). Restart
 * and comment lines (interval -1) and the lines of sections not read are passed over.
 */
final class SarRun {
    private static final DateTimeFormatter LOCAL =
            DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss", Locale.ROOT);

    /** One row held to the end: memory, pressure or a CPU's of one interval. */
    private record Held(double ms, long line, Map<String, Double> metrics) {}

    private final SampledTrial trial;
    private final ZoneId zone;
    private final boolean frequency;
    private final Map<List<String>, TreeMap<Instant, Held>> held = new LinkedHashMap<>();
    private SarSection section;

    /**
     * @param frequency whether the file has sar -m CPU's section: its CPU and core rows are then held
     *     to the end, to be joined with their frequency
     */
    SarRun(String trial, ZoneId zone, boolean frequency) {
        this.trial = new SampledTrial(trial);
        this.zone = zone;
        this.frequency = frequency;
    }

    /** Whether a {@code sadf -d} header line is that of sar -m CPU's section. */
    static boolean frequencyHeader(String text) {
        return text.startsWith(SarSection.HEADER)
                && SarSection.of(fields(text.substring(2)), 0).kind() == SarSection.Kind.FREQUENCY;
    }

    /** Whether a last line without its line end has its section's number of fields. */
    boolean meetsFixedFieldCount(LineReader.Line line) {
        return section != null && fields(line.text()).size() == section.fields();
    }

    List<Parsed> accept(LineReader.Line line) {
        String text = line.text();
        if (text.isBlank()) {
            return List.of();
        }
        if (text.startsWith("#")) {
            if (!text.startsWith(SarSection.HEADER)) {
                return malformed(
                        line,
                        "a comment that is not a section header (" + SarSection.HEADER + "…)");
            }
            section = SarSection.of(fields(text.substring(2)), line.number());
            return List.of();
        }
        List<String> fields = fields(text);
        if (fields.size() >= 3 && fields.get(1).equals("-1")) {
            return List.of(); // LINUX-RESTART or COM: no figures
        }
        if (section == null) {
            return malformed(line, "no section header (" + SarSection.HEADER + "…) before it");
        }
        if (fields.size() != section.fields()) {
            return malformed(
                    line,
                    fields.size()
                            + " fields where its section's header (line "
                            + section.line()
                            + ") has "
                            + section.fields());
        }
        if (section.kind() == SarSection.Kind.OTHER) {
            return List.of();
        }
        return row(fields, line);
    }

    List<Parsed> finish() {
        List<Parsed> out = new ArrayList<>();
        held.forEach(
                (row, rows) ->
                        rows.forEach(
                                (start, h) ->
                                        out.add(
                                                trial.row(
                                                        start,
                                                        h.ms(),
                                                        row.get(0),
                                                        row.get(1),
                                                        h.metrics(),
                                                        h.line()))));
        held.clear();
        out.addAll(trial.finish(Map.of()));
        return out;
    }

    private List<Parsed> row(List<String> fields, LineReader.Line line) {
        long seconds;
        try {
            seconds = Long.parseLong(fields.get(1).strip());
        } catch (NumberFormatException e) {
            seconds = 0;
        }
        if (seconds <= 0) {
            return malformed(
                    line, "interval not a number of seconds above 0: '" + fields.get(1) + "'");
        }
        Instant end;
        try {
            end = time(fields.get(2).strip());
        } catch (DateTimeException e) {
            return malformed(line, e.getMessage());
        }
        boolean keyed = section.key() != null;
        int first = keyed ? 4 : 3;
        Map<String, Double> numbers;
        try {
            numbers = Numbers.of(section.columns(), fields.subList(first, fields.size()));
        } catch (Numbers.NotANumber e) {
            return malformed(line, e.getMessage());
        }
        String key = keyed ? fields.get(3).strip() : "all";
        if (section.cpu() && !key.matches("-1|all|\\d+")) {
            return malformed(line, "not a CPU number: '" + key + "'");
        }
        if (key.isEmpty()) {
            return malformed(line, "no device name");
        }
        String source = section.source(key);
        String name = section.name(key);
        Map<String, Double> metrics = section.metrics(numbers);
        Instant start = end.minusSeconds(seconds);
        double ms = seconds * 1000.0;
        if (source.equals("memory") || source.equals("pressure") || (frequency && section.cpu())) {
            held.computeIfAbsent(List.of(source, name), s -> new TreeMap<>())
                    .merge(
                            start,
                            new Held(ms, line.number(), metrics),
                            (a, b) -> {
                                Map<String, Double> both = new LinkedHashMap<>(a.metrics());
                                both.putAll(b.metrics());
                                return new Held(a.ms(), a.line(), both);
                            });
            return List.of();
        }
        return List.of(trial.row(start, ms, source, name, metrics, line.number()));
    }

    /** sadf -d's {@code 2026-12-05 10:23:14 UTC}, sadf -d -t's local time (in {@code zone}) or -U's seconds. */
    private Instant time(String text) {
        if (text.matches("\\d+")) {
            try {
                return Instant.ofEpochSecond(new BigDecimal(text).longValueExact());
            } catch (ArithmeticException e) {
                throw new DateTimeException("not a time: '" + text + "' seconds");
            }
        }
        try {
            if (text.endsWith(" UTC")) {
                return LocalDateTime.parse(text.substring(0, text.length() - 4), LOCAL)
                        .toInstant(ZoneOffset.UTC);
            }
            return LocalDateTime.parse(text, LOCAL).atZone(zone).toInstant();
        } catch (DateTimeException e) {
            throw new DateTimeException(
                    "not a time sadf -d prints (yyyy-MM-dd HH:mm:ss [UTC], or seconds with -U): '"
                            + text
                            + "'");
        }
    }

    private static List<String> fields(String text) {
        return CsvReader.fields(text, ';');
    }

    private static List<Parsed> malformed(LineReader.Line line, String reason) {
        return List.of(new Parsed.Malformed(line.number(), reason, LineRecords.shown(line.text())));
    }
}
