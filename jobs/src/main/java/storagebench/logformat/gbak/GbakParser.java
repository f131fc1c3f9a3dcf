package storagebench.logformat.gbak;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import storagebench.logformat.LineReader;
import storagebench.logformat.LineRecords;
import storagebench.logformat.LogFiles;
import storagebench.logformat.LogParser;
import storagebench.logformat.Parsed;
import storagebench.logformat.ParserOption;
import storagebench.logformat.ParserOptions;

/**
 * Firebird {@code gbak -v} logs of a backup ({@code -b}) or restore ({@code -c}), with or without
 * {@code -st} statistics. One file is one trial.
 *
 * <p><b>Steps.</b> gbak prints a line when something starts. These lines start a step, named:
 * <ul>
 * <li>{@code open} — "readied database … for backup" / "opened file …" (restore; it includes
 * creating the database: gbak says "created database" once it is done)
 * <li>{@code metadata} — "starting/started transaction" and the domains, tables, columns,
 * generators, procedures … before the data
 * <li>{@code table <NAME>} — "writing/restoring data for table NAME", with its "N records" lines
 * <li>{@code metadata after data} — triggers, privileges, security classes, constraints, roles
 * <li>{@code create indexes} — "creating indexes" (restore)
 * <li>{@code index <NAME>} — "activating and creating deferred index NAME" (restore)
 * <li>{@code finish} — from "fixing views dbkey length" / "closing file, committing, and finishing"
 * to the end
 * <li>{@code total} — the whole run, from the "total statistics" line or the end of the log
 * </ul>
 * Every other line (index definitions, "committing metadata", info) is detail of the running step;
 * consecutive lines of the same step name are one step.
 *
 * <p><b>Statistics.</b> The header line gbak prints ({@code gbak: time delta reads writes}, any
 * subset) says which columns follow; values are read as tokens. The numbers on a line are those of
 * the time since the line before, so they belong to the step running before it: a step lasts from
 * the elapsed time on its own line to that on the line that starts the next step, and its page
 * reads/writes are the sums of the lines after its own, up to and including that line. The last
 * step ends at "total statistics", whose reads and writes are run totals (the step gets the rest).
 * Without a time column the clock is the sum of the deltas. A counter printed as 2^63 or more is a
 * negative delta printed unsigned; it is read back as negative (the sums then come out right) and
 * flagged.
 *
 * <p><b>Metrics.</b> Steps: {@code at_s} (elapsed at its start), {@code page_reads},
 * {@code page_writes} (when those columns are present), {@code records} (tables),
 * {@code counter_wrapped}=1, {@code incomplete}=1 when the duration is unknown (no time columns, the
 * log ends, starts over or gbak exits inside the step): the duration is then 0 and the page counts
 * are what the log showed so far. {@code total}: {@code elapsed_s},
 * {@code page_reads}, {@code page_writes}, {@code steps}, {@code failed_steps},
 * {@code index_count}, {@code index_first_s}, {@code index_last_s}, {@code index_span_s} (last minus
 * first index line, as seed 004 measured), {@code incomplete}.
 *
 * <p><b>Errors.</b> "ERROR:" and "cannot commit index" lines set the running step's error;
 * "Exiting before completion" ends the step (incomplete) and sets the total's error; "Database is
 * not online" sets the total's error; a log that ends before gbak finished fails the running step
 * and the total; a step keeps its first ten messages. Lines without the "gbak:" prefix come as {@link Parsed.Malformed} unless they
 * start with white space (gbak's own continuation lines, e.g. after {@code -z}), and so do lines
 * with only some of the statistics columns.
 *
 * <p><b>Factors</b> from the log's first 100 lines, the same on every step: {@code operation}
 * (backup, restore), {@code gbak_version} (with {@code -z}), {@code page_size}. <b>Options:</b> see
 * {@link #options()}; without {@code columns} the first line's numbers tell: decimals are time,
 * delta; whole numbers reads, writes.
 */
public final class GbakParser implements LogParser {
    private static final String TRIAL = "trial";
    private static final String START = "start";
    private static final String COLUMNS = "columns";
    private static final List<ParserOption> OPTIONS =
            List.of(
                    ParserOption.plain(TRIAL, "the trial key (default: the file name)"),
                    ParserOption.plain(
                            START,
                            "wall-clock time gbak started, ISO-8601, UTC without an offset: steps then "
                                    + "get start times"),
                    ParserOption.plain(
                            COLUMNS,
                            "the -st letters (t, d, r, w) of an excerpt without its header line"));

    @Override
    public String name() {
        return "gbak";
    }

    @Override
    public String description() {
        return "Firebird gbak -v backup/restore log, with or without -st statistics: phases, tables, index builds";
    }

    @Override
    public List<ParserOption> options() {
        return OPTIONS;
    }

    @Override
    public Optional<String> mismatchIn(List<String> lines) {
        if (lines.stream().anyMatch(line -> line.strip().startsWith("gbak:"))) {
            return Optional.empty();
        }
        return Optional.of(
                "not a gbak log: none of the first "
                        + lines.size()
                        + " lines starts with 'gbak:' (expected the output of gbak -v, -st optional)");
    }

    @Override
    public Stream<Parsed> parse(Path file, ParserOptions options) throws IOException {
        GbakRun run =
                new GbakRun(
                        options.get(TRIAL).orElse(LogFiles.name(file)),
                        GbakFactors.of(LineReader.head(file, GbakFactors.HEAD_LINES)),
                        options.get(COLUMNS).map(GbakColumns::letters).orElse(null),
                        start(options.get(START).orElse(null)));
        return LineRecords.of(file, run::accept, run::finish).stream();
    }

    private static Instant start(String text) {
        if (text == null) {
            return null;
        }
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            try {
                return LocalDateTime.parse(text).toInstant(ZoneOffset.UTC);
            } catch (DateTimeParseException again) {
                throw new IllegalArgumentException(
                        "gbak: start= takes an ISO-8601 time, e.g. 2024-05-02T10:15:03Z; got '"
                                + text
                                + "'",
                        again);
            }
        }
    }
}
