package storagebench.logformat.sysstat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;
import storagebench.logformat.LineReader;
import storagebench.logformat.LineRecords;
import storagebench.logformat.LogFiles;
import storagebench.logformat.LogParser;
import storagebench.logformat.Parsed;
import storagebench.logformat.ParserOption;
import storagebench.logformat.ParserOptions;

/**
 * sar's data as {@code sadf -d} prints it (sysstat) as host samples of a run made elsewhere: one trial
 * per file, its step {@code sampled} spanning the intervals; CPU (-u, -u ALL, -P, and -m CPU's
 * frequency), memory (-r, -r ALL, -S), devices (-d) and pressure stalls (-q PSI) as rows with the live
 * host sampler's metric keys ({@link HostFigures}); other activities are passed over. See {@link
 * SarRun}.
 */
public final class SarParser implements LogParser {
    private static final String TRIAL = "trial";
    private static final String ZONE = "zone";
    private static final List<ParserOption> OPTIONS =
            List.of(
                    ParserOption.plain(TRIAL, "the trial key (default: the file's name)"),
                    ParserOption.plain(
                            ZONE,
                            "where times without UTC were printed (sadf -d -t), a zone id such as"
                                    + " Europe/Copenhagen (default UTC)"));
    private static final String EXPECTED = "sar data as sadf -d prints it";

    @Override
    public String name() {
        return "sar";
    }

    @Override
    public String description() {
        return EXPECTED
                + " (sysstat): host samples of CPU, cores, their frequency, memory, devices and"
                + " pressure stalls per interval, one trial per file";
    }

    @Override
    public List<ParserOption> options() {
        return OPTIONS;
    }

    /** The host in sadf's first column: {@code db1;10;2026-12-05 10:27:34 UTC;…}. */
    @Override
    public Optional<String> hostIn(List<String> head) {
        return head.stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#") && l.indexOf(';') > 0)
                .findFirst()
                .map(l -> l.substring(0, l.indexOf(';')).strip());
    }

    @Override
    public Optional<String> mismatchIn(List<String> lines) {
        if (lines.stream().anyMatch(l -> l.startsWith(SarSection.HEADER))) {
            return Optional.empty();
        }
        Optional<String> first = lines.stream().filter(l -> !l.isBlank()).findFirst();
        String hint =
                first.isPresent() && IostatRun.BANNER.matcher(first.get().strip()).matches()
                        ? " (sar's own output and iostat's start with this banner: convert sar's"
                                + " data file with sadf -d FILE -- -u -P ALL -m CPU -r ALL -S -d -q PSI)"
                        : " (make it with sadf -d FILE -- -u -P ALL -m CPU -r ALL -S -d -q PSI)";
        return Optional.of(
                "not "
                        + EXPECTED
                        + ": none of its first "
                        + lines.size()
                        + " lines is a section header '"
                        + SarSection.HEADER
                        + "…'"
                        + hint);
    }

    /** Whether the file has sar -m CPU's section: a look at its header lines before it is read. */
    private static boolean hasFrequency(Path file) throws IOException {
        try (LineReader lines = LineReader.open(file)) {
            for (LineReader.Line line = lines.next(); line != null; line = lines.next()) {
                if (SarRun.frequencyHeader(line.text())) {
                    return true;
                }
            }
            return false;
        }
    }

    @Override
    public Stream<Parsed> parse(Path file, ParserOptions options) throws IOException {
        SarRun run =
                new SarRun(
                        options.get(TRIAL).orElse(LogFiles.name(file)),
                        IostatParser.zone(options),
                        hasFrequency(file));
        return new LineRecords(file) {
            @Override
            protected void accept(LineReader.Line line, Consumer<Parsed> out) {
                run.accept(line).forEach(out);
            }

            @Override
            protected void finish(Consumer<Parsed> out) {
                run.finish().forEach(out);
            }

            @Override
            protected boolean meetsFixedFieldCount(LineReader.Line line) {
                return run.meetsFixedFieldCount(line);
            }
        }.stream();
    }
}
