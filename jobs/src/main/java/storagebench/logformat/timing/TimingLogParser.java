package storagebench.logformat.timing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import storagebench.logformat.LineReader;
import storagebench.logformat.LineRecords;
import storagebench.logformat.LogParser;
import storagebench.logformat.Parsed;
import storagebench.logformat.ParserOption;
import storagebench.logformat.ParserOptions;

/**
 * Start/end timing logs like seed 000's: one record per run with server, test, start and end,
 * written by a batch file as CSV ({@link CsvRows}) or pasted as {@code INSERT INTO #x VALUES (…)}
 * statements ({@link SqlRows}). Times as in {@link TimeValue}.
 *
 * <p>Each record is a {@link Parsed.Step}: trial {@code server/test/#n} (n counts that server and
 * test's readable records in file order, from 1), factors {@code server}, {@code test} and any
 * other column, step {@code setup}, start, duration end − start, metric {@code date_inferred}=1
 * when a time came without a date. Times without a date get one by {@link DayClock}'s rule: the
 * first day is option {@code date}, else the file's last-modified date, which is the right day only
 * for a log written within one day, so give {@code date=} for older or longer logs. Records that
 * cannot be read are {@link Parsed.Malformed} with their line and reason.
 *
 * <p>Options: see {@link #options()}.
 */
public final class TimingLogParser implements LogParser {
    private static final String STEP = "step";
    private static final String DATE = "date";
    private static final String ZONE = "zone";
    private static final String DIALECT = "dialect";
    private static final List<ParserOption> OPTIONS =
            List.of(
                    ParserOption.plain(STEP, "the step name of every record (default setup)"),
                    ParserOption.plain(
                            DATE,
                            "the first day, yyyy-MM-dd, for times without a date (default: the file's "
                                    + "last-modified date)"),
                    ParserOption.plain(
                            ZONE,
                            "where the times were written, a zone id such as Europe/Copenhagen (default "
                                    + "UTC)"),
                    ParserOption.plain(
                            DIALECT,
                            "csv or sql (default: sql when the first non-blank line starts with an SQL "
                                    + "keyword or comment, else csv)"));
    private static final Pattern SQL_START =
            Pattern.compile(
                    "(?i)\\s*(--|/\\*|(insert|create|select|set|use|declare|go|drop|truncate|begin|delete|with|print)\\b).*");
    private static final Pattern INSERT = Pattern.compile("(?i)\\binsert\\b");
    private static final Pattern VALUES = Pattern.compile("(?i)\\bvalues\\s*\\(");

    @Override
    public String name() {
        return "timing-log";
    }

    @Override
    public String description() {
        return "start/end times per server and test (seed 000): CSV server,test,start,end or INSERT … VALUES statements";
    }

    @Override
    public List<ParserOption> options() {
        return OPTIONS;
    }

    @Override
    public Optional<String> mismatchIn(List<String> lines) {
        if (lines.stream().anyMatch(line -> CsvRows.headerDelimiter(line).isPresent())
                || insertValues(lines)) {
            return Optional.empty();
        }
        return Optional.of(
                "not a timing-log: none of the first "
                        + lines.size()
                        + " lines is a CSV header server,test,start,end or an INSERT … VALUES (…) statement");
    }

    /** An INSERT, and VALUES ( on its line or a later one. */
    private static boolean insertValues(List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            if (INSERT.matcher(lines.get(i)).find()) {
                return lines.subList(i, lines.size()).stream()
                        .anyMatch(line -> VALUES.matcher(line).find());
            }
        }
        return false;
    }

    @Override
    public Stream<Parsed> parse(Path file, ParserOptions options) throws IOException {
        ZoneId zone = options.zone(ZONE).orElse(ZoneOffset.UTC);
        Optional<String> date = options.get(DATE);
        LocalDate firstDay =
                date.isPresent()
                        ? date(date.get())
                        : LocalDate.ofInstant(Files.getLastModifiedTime(file).toInstant(), zone);
        TimingRun run =
                new TimingRun(options.get(STEP).orElse("setup"), new DayClock(firstDay), zone);
        RowReader reader = new Dialect(options.get(DIALECT).orElse(null));
        return new LineRecords(file) {
            @Override
            protected void accept(LineReader.Line line, Consumer<Parsed> out) {
                reader.accept(line).forEach(row -> out.accept(run.convert(row)));
            }

            @Override
            protected void finish(Consumer<Parsed> out) {
                reader.finish().forEach(row -> out.accept(run.convert(row)));
            }

            @Override
            protected boolean meetsFixedFieldCount(LineReader.Line line) {
                return reader.meetsFixedFieldCount(line);
            }
        }.stream();
    }

    /** The dialect given, or the one the first non-blank line shows. */
    private static final class Dialect implements RowReader {
        private RowReader reader;

        Dialect(String name) {
            if (name != null) {
                reader =
                        switch (name.toLowerCase(Locale.ROOT)) {
                            case "csv" -> new CsvRows();
                            case "sql" -> new SqlRows();
                            default ->
                                    throw new IllegalArgumentException(
                                            "timing-log: dialect= is csv or sql, not '"
                                                    + name
                                                    + "'");
                        };
            }
        }

        @Override
        public List<TimingRow> accept(LineReader.Line line) {
            if (reader == null && line.text().isBlank()) {
                return List.of();
            }
            if (reader == null) {
                boolean sql =
                        CsvRows.headerDelimiter(line.text()).isEmpty()
                                && SQL_START.matcher(line.text()).matches();
                reader = sql ? new SqlRows() : new CsvRows();
            }
            return reader.accept(line);
        }

        @Override
        public List<TimingRow> finish() {
            return reader == null ? List.of() : reader.finish();
        }

        @Override
        public boolean meetsFixedFieldCount(LineReader.Line line) {
            return reader != null && reader.meetsFixedFieldCount(line);
        }
    }

    private static LocalDate date(String text) {
        try {
            return LocalDate.parse(text);
        } catch (DateTimeException e) {
            throw new IllegalArgumentException(
                    "timing-log: date= takes yyyy-MM-dd, not '" + text + "'", e);
        }
    }
}
