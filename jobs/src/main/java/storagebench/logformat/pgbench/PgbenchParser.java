package storagebench.logformat.pgbench;

import java.io.IOException;
import java.nio.file.Path;
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
import storagebench.logformat.Throughput;

/**
 * pgbench, in any of the three files it writes (told apart by their first lines, see {@link PgbenchForm}):
 *
 * <ul>
 * <li>its output: a {@code run} step per summary (factors: pgbench_version, transaction_type,
 * scaling_factor, query_mode, clients, threads, duration_s or transactions_per_client, max_tries…;
 * metrics: tps, latency_avg_ms, stmt_&lt;n&gt;_latency_ms…, see {@link SummaryLines}) and a
 * {@code progress} step per -P line (tps, lat_ms, stddev_ms, failed, elapsed_s; lasting the interval);
 * every step with tps also has tpm, tps × 60 (oltp's headline metric);
 * <li>an --aggregate-interval log: a {@code progress} step per interval ({@link AggregateLogRecords});
 * <li>a per-transaction -l log: a {@code progress} step per second ({@link TransactionLogRecords}).
 * </ul>
 *
 * <p>Options: see {@link #options()}.
 */
public final class PgbenchParser implements LogParser {
    private static final String TRIAL = "trial";
    private static final String AGGREGATE_INTERVAL = "aggregate-interval";
    private static final List<ParserOption> OPTIONS =
            List.of(
                    ParserOption.plain(
                            TRIAL,
                            "the trial key (default: the file's name); several runs in one output "
                                    + "become key/1, key/2 …"),
                    ParserOption.plain(
                            AGGREGATE_INTERVAL,
                            "seconds per --aggregate-interval line (default: the log's "
                                    + "own spacing)"));

    @Override
    public String name() {
        return "pgbench";
    }

    @Override
    public String description() {
        return "pgbench output (summary, -r statement latencies, -P progress), --aggregate-interval logs and "
                + "per-transaction -l logs: a run step and progress steps with tps and latency";
    }

    @Override
    public List<ParserOption> options() {
        return OPTIONS;
    }

    @Override
    public Optional<String> mismatchIn(List<String> lines) {
        if (PgbenchForm.detect(lines).isPresent()) {
            return Optional.empty();
        }
        return Optional.of(
                "not "
                        + PgbenchForm.EXPECTED
                        + ": none of the first "
                        + SNIFF_LINES
                        + " lines is one of them");
    }

    @Override
    public Stream<Parsed> parse(Path file, ParserOptions options) throws IOException {
        List<String> head = LineReader.head(file);
        if (head.isEmpty()) {
            return Stream.of(new Parsed.Malformed(1, "empty file: no pgbench output", ""));
        }
        Optional<PgbenchForm> form = PgbenchForm.detect(head);
        if (form.isEmpty()) {
            return Stream.of(
                    new Parsed.Malformed(
                            1, mismatch(head).orElseThrow(), LineRecords.shown(head.get(0))));
        }
        String trial = options.get(TRIAL).orElse(LogFiles.name(file));
        Stream<Parsed> records =
                switch (form.get()) {
                    case SUMMARY ->
                            new SummaryRecords(file, SummaryScan.runs(file), trial).stream();
                    case AGGREGATE_LOG ->
                            new AggregateLogRecords(file, trial, interval(options)).stream();
                    case TRANSACTION_LOG -> new TransactionLogRecords(file, trial).stream();
                };
        return records.map(Throughput::withTpm);
    }

    /** 0 when not given: the log's own spacing decides. */
    private static double interval(ParserOptions options) {
        String value = options.get(AGGREGATE_INTERVAL).orElse(null);
        if (value == null) {
            return 0;
        }
        double seconds = SummaryLines.number(value.strip());
        if (!(seconds > 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException(
                    "pgbench option aggregate-interval: a positive number of seconds, not '"
                            + value
                            + "'");
        }
        return seconds;
    }
}
