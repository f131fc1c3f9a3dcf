package storagebench.logformat.fio;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import storagebench.logformat.LogFiles;
import storagebench.logformat.LogParser;
import storagebench.logformat.Parsed;
import storagebench.logformat.ParserOption;
import storagebench.logformat.ParserOptions;

/**
 * fio {@code --output-format=json} and {@code json+} (the latency bins are ignored).
 *
 * <p>Records: per job, one {@link Parsed.Step} per direction that did IO — {@code read}, {@code write},
 * {@code trim}, and {@code sync} when fio counted fsyncs — in one trial keyed by the job name
 * ({@code name/0}, {@code name/1} when several job entries share a name, as numjobs clones do without
 * group_reporting; with group_reporting a group is one entry). Duration: the direction's runtime.
 * Factors: global options, then the job's options, {@code job} and {@code fio_version}. Start: when the job began,
 * its own {@code job_start} where fio wrote one, else worked out from when fio wrote the report and how
 * long it had run, after its {@code startdelay} and {@code ramp_time} ({@link FioJobStarts}); null for a
 * document without a time. Metrics: see
 * {@link FioMetrics}.
 *
 * <p>The whole document is read, so files over {@code max-bytes} (option; default 256 MiB) give one
 * Malformed record and nothing else; so do a truncated or invalid document, and no steps come from it.
 */
public final class FioParser implements LogParser {
    public static final long DEFAULT_MAX_BYTES = 256L * 1024 * 1024;
    private static final String MAX_BYTES = "max-bytes";
    private static final List<ParserOption> OPTIONS =
            List.of(
                    ParserOption.plain(
                            MAX_BYTES,
                            "the largest file read, in bytes (default 256 MiB): a whole document is held while it is read"));
    private static final String EXPECTED = "fio --output-format=json (or json+)";

    @Override
    public String name() {
        return "fio";
    }

    @Override
    public String description() {
        return EXPECTED
                + ": a step per job and direction (read, write, trim, sync) with IOPS, bandwidth and "
                + "latency percentiles; the job's options as factors";
    }

    @Override
    public List<ParserOption> options() {
        return OPTIONS;
    }

    @Override
    public Optional<String> mismatchIn(List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().startsWith("{")) {
                boolean fio =
                        lines.subList(i, lines.size()).stream()
                                .anyMatch(l -> l.contains("\"fio version\""));
                return fio
                        ? Optional.empty()
                        : Optional.of(
                                "a JSON document without \"fio version\" near its start: not "
                                        + EXPECTED);
            }
        }
        return Optional.of(
                "not "
                        + EXPECTED
                        + ": no line starts with '{' in the first "
                        + SNIFF_LINES
                        + " lines");
    }

    @Override
    public Stream<Parsed> parse(Path file, ParserOptions options) throws IOException {
        long max = maxBytes(options);
        long size = LogFiles.size(file);
        if (size == 0) {
            return Stream.of(new Parsed.Malformed(1, "empty file: no fio JSON output", ""));
        }
        if (size > max) {
            return Stream.of(
                    new Parsed.Malformed(
                            1,
                            "a fio output of "
                                    + size
                                    + " bytes: this parser reads whole "
                                    + "JSON documents of at most "
                                    + max
                                    + " bytes (option max-bytes)",
                            ""));
        }
        try {
            return FioJobSteps.of(FioDocuments.read(file)).stream();
        } catch (FioFormatException e) {
            return Stream.of(new Parsed.Malformed(e.line(), e.getMessage(), ""));
        }
    }

    private static long maxBytes(ParserOptions options) {
        String value = options.get(MAX_BYTES).orElse(null);
        if (value == null) {
            return DEFAULT_MAX_BYTES;
        }
        try {
            long max = Long.parseLong(value.strip());
            if (max > 0) {
                return max;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(
                "fio option max-bytes: a positive number of bytes, not '" + value + "'");
    }
}
