package storagebench.logformat.benchbase;

import java.io.IOException;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.ResolverStyle;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import storagebench.logformat.LineReader;
import storagebench.logformat.LineRecords;
import storagebench.logformat.LogFiles;
import storagebench.logformat.LogParser;
import storagebench.logformat.Parsed;
import storagebench.logformat.ParserOption;
import storagebench.logformat.ParserOptions;
import storagebench.logformat.Throughput;

/**
 * BenchBase (the OLTP benchmark framework), one file of its results folder at a time:
 *
 * <ul>
 * <li>{@code <ts>.summary.json}: the trial's {@code run} step with throughput, goodput and the latency
 * distribution ({@link SummaryJson});
 * <li>{@code <ts>.results.<Txn>.csv}: the sub-step {@code run.<txn>} (lower case) with that
 * transaction's figures folded over its windows; {@code <ts>.results.csv} and {@code <ts>.samples.csv},
 * which cover every transaction, {@code run.all} ({@link WindowSeries}), starting when the file's name
 * says the run began ({@code <benchmark>_yyyy-MM-dd_HH-mm-ss}, in the zone of option {@code zone}, UTC
 * by default) plus its first window's time;
 * <li>{@code <ts>.raw.csv}, a row per request, is recognised and refused: the summary and the
 * per-transaction files carry its figures.
 * </ul>
 *
 * <p>Options: see {@link #options()}.
 */
public final class BenchbaseParser implements LogParser {
    /** A summary is a few kilobytes; a larger file is not one. */
    static final long MAX_SUMMARY_BYTES = 4L * 1024 * 1024;

    private static final String TRIAL = "trial";
    private static final String TRANSACTION = "transaction";
    private static final String WINDOW = "window-s";
    private static final String ZONE = "zone";
    private static final Pattern PER_TRANSACTION = Pattern.compile(".*\\.results\\.(.+)\\.csv");

    /** BenchBase's {@code <benchmark>_<yyyy-MM-dd_HH-mm-ss>.}: when the run began, in local time. */
    private static final Pattern NAMED_AT =
            Pattern.compile(".*_(\\d{4}-\\d{2}-\\d{2}_\\d{2}-\\d{2}-\\d{2})\\..*");

    private static final DateTimeFormatter NAME_TIME =
            DateTimeFormatter.ofPattern("uuuu-MM-dd_HH-mm-ss")
                    .withResolverStyle(ResolverStyle.STRICT);
    private static final List<ParserOption> OPTIONS =
            List.of(
                    ParserOption.plain(TRIAL, "the trial key (default: the file's name)"),
                    ParserOption.plain(
                            TRANSACTION,
                            "the transaction of a results CSV, its sub-step run.<transaction>"
                                    + " (default: from the name X.results.<Txn>.csv; all otherwise)"),
                    ParserOption.plain(
                            WINDOW,
                            "seconds per row of a results or samples CSV (default: the spacing of"
                                    + " its Time column, 1 with a single row)"),
                    ParserOption.plain(
                            ZONE,
                            "where the time in a results or samples CSV's name"
                                    + " (<benchmark>_yyyy-MM-dd_HH-mm-ss, BenchBase's local time) was"
                                    + " written, a zone id such as Europe/Copenhagen (default UTC)"));

    @Override
    public String name() {
        return "benchbase";
    }

    @Override
    public String description() {
        return BenchbaseForm.EXPECTED
                + ": a run step with tps, goodput and latencies; per-transaction results as"
                + " sub-steps run.<txn>";
    }

    @Override
    public List<ParserOption> options() {
        return OPTIONS;
    }

    @Override
    public Optional<String> mismatchIn(List<String> lines) {
        Optional<BenchbaseForm> form = BenchbaseForm.detect(lines);
        if (form.isEmpty()) {
            return Optional.of(
                    "not "
                            + BenchbaseForm.EXPECTED
                            + ": the first "
                            + lines.size()
                            + " lines are neither a JSON summary with \"Throughput (requests/second)\""
                            + " nor one of their CSV headers");
        }
        if (form.get() == BenchbaseForm.RAW) {
            return Optional.of(raw());
        }
        return Optional.empty();
    }

    private static String raw() {
        return "a benchbase raw.csv (one row per request) is not read: import the summary.json and"
                + " the results.<Txn>.csv files, which hold its figures";
    }

    @Override
    public Stream<Parsed> parse(Path file, ParserOptions options) throws IOException {
        String trial = options.get(TRIAL).orElse(LogFiles.name(file));
        Double window = window(options);
        List<String> head = LineReader.head(file);
        Optional<BenchbaseForm> form = BenchbaseForm.detect(head);
        if (form.isEmpty() || form.get() == BenchbaseForm.RAW) {
            String first = head.isEmpty() ? "" : LineRecords.shown(head.get(0));
            return Stream.of(
                    new Parsed.Malformed(
                            1,
                            head.isEmpty()
                                    ? "empty file: no BenchBase output"
                                    : form.isEmpty() ? mismatch(head).orElseThrow() : raw(),
                            first));
        }
        if (form.get() == BenchbaseForm.SUMMARY) {
            long size = LogFiles.size(file);
            if (size > MAX_SUMMARY_BYTES) {
                return Stream.of(
                        new Parsed.Malformed(
                                1,
                                "a summary of "
                                        + size
                                        + " bytes: BenchBase's are a few kilobytes, at most "
                                        + MAX_SUMMARY_BYTES
                                        + " are read",
                                ""));
            }
            return SummaryJson.read(file, trial).stream().map(Throughput::withTpm);
        }
        String step = "run." + transaction(file, form.get(), options);
        return new WindowSeries(file, trial, step, window, namedAt(file, options))
                .stream().map(Throughput::withTpm);
    }

    private static String transaction(Path file, BenchbaseForm form, ParserOptions options) {
        Optional<String> given = options.get(TRANSACTION).map(String::strip);
        if (given.isPresent()) {
            return given.get().toLowerCase(Locale.ROOT);
        }
        Matcher m = PER_TRANSACTION.matcher(LogFiles.name(file));
        return form == BenchbaseForm.RESULTS && m.matches()
                ? m.group(1).toLowerCase(Locale.ROOT)
                : "all";
    }

    /** When the file's name says its run began; null when it does not say. */
    private static Instant namedAt(Path file, ParserOptions options) {
        ZoneId zone = options.zone(ZONE).orElse(ZoneOffset.UTC);
        Matcher m = NAMED_AT.matcher(LogFiles.name(file));
        if (!m.matches()) {
            return null;
        }
        try {
            return LocalDateTime.parse(m.group(1), NAME_TIME).atZone(zone).toInstant();
        } catch (DateTimeException e) {
            return null;
        }
    }

    private static Double window(ParserOptions options) {
        String value = options.get(WINDOW).orElse(null);
        if (value == null) {
            return null;
        }
        try {
            double seconds = Double.parseDouble(value.strip());
            if (seconds > 0 && Double.isFinite(seconds)) {
                return seconds;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw options.bad(WINDOW, value, "a positive number of seconds");
    }
}
