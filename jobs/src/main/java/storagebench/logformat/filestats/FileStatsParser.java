package storagebench.logformat.filestats;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import storagebench.logformat.LineReader;
import storagebench.logformat.LogParser;
import storagebench.logformat.Parsed;
import storagebench.logformat.ParserOption;
import storagebench.logformat.ParserOptions;
import storagebench.logformat.csv.CsvReader;

/**
 * Snapshots of {@code sys.dm_io_virtual_file_stats} exported as CSV with a header row: consecutive
 * snapshots of one database file become one IO sample per interval (seed 003: IOPS pinned at the
 * size tier's limit and a total latency far above the device's are the signs of throttling).
 *
 * <p>Per interval: deltas of the counters; IOPS and MiB/s over the interval; {@code queued_ms} =
 * Δio_stall_queued_read_ms + Δio_stall_queued_write_ms (waiting for IO resource governance);
 * {@code device_ms} = Δio_stall_read_ms + Δio_stall_write_ms − queued_ms (the stalls include the
 * queued time); {@code read_latency_avg_us} = Δio_stall_read_ms × 1000 / Δnum_of_reads, the total
 * latency per read, likewise for writes. A counter that goes down (restart, file recreated) gives a
 * Malformed "counter reset" instead of a sample, and the next interval starts from that snapshot.
 * Then one step {@value FileTrack#STEP} per database file from its first to its last snapshot.
 *
 * <p>Options: see {@link #options()}. Times without an offset are UTC.
 */
public final class FileStatsParser implements LogParser {
    public static final String TRIAL = "trial";
    private static final List<ParserOption> OPTIONS =
            List.of(
                    ParserOption.plain(
                            TRIAL, "the trial key of every record (default: the database)"),
                    ParserOption.ENCODING);

    @Override
    public String name() {
        return "file-stats";
    }

    @Override
    public String description() {
        return "sys.dm_io_virtual_file_stats snapshots as CSV: per-file IO samples per interval, queued vs device"
                + " stall (throttling), one step per file";
    }

    @Override
    public List<ParserOption> options() {
        return OPTIONS;
    }

    @Override
    public Optional<String> mismatchIn(List<String> lines) {
        Optional<String> header = lines.stream().filter(line -> !line.isBlank()).findFirst();
        if (header.isEmpty()) {
            return Optional.of("no header line: expected " + FileStatsColumns.EXPECTED);
        }
        FileStatsColumns columns = FileStatsColumns.find(header.get().replace("\uFEFF", ""));
        return columns.missing().isEmpty() ? Optional.empty() : Optional.of(columns.problem());
    }

    @Override
    public Stream<Parsed> parse(Path file, ParserOptions options) throws IOException {
        Reader text = LineReader.text(file, options.charset());
        CsvReader csv = new CsvReader(text, ',');
        return new FileStatsReader(csv, options.get(TRIAL).orElse(null)).stream();
    }
}
