package storagebench.logformat.sysstat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.stream.Stream;
import storagebench.logformat.LineRecords;
import storagebench.logformat.LogFiles;
import storagebench.logformat.LogParser;
import storagebench.logformat.Parsed;
import storagebench.logformat.ParserOption;
import storagebench.logformat.ParserOptions;

/**
 * {@code iostat -x -t} output (sysstat) as host samples of a run made elsewhere: one trial per file,
 * its step {@code sampled} spanning the reports, a {@code cpu}/{@code all} row per report from
 * {@code avg-cpu:} and a {@code device} row per device line, with the live host sampler's metric keys
 * ({@link HostFigures}). See {@link IostatRun} for the reports and their times.
 */
public final class IostatParser implements LogParser {
    private static final String TRIAL = "trial";
    private static final String ZONE = "zone";
    private static final String FIRST = "first";
    private static final String INTERVAL = "interval-s";
    private static final List<ParserOption> OPTIONS =
            List.of(
                    ParserOption.plain(TRIAL, "the trial key (default: the file's name)"),
                    ParserOption.plain(
                            ZONE,
                            "where report times without an offset were printed, a zone id such as"
                                    + " Europe/Copenhagen (default UTC; S_TIME_FORMAT=ISO prints the offset)"),
                    ParserOption.plain(
                            FIRST,
                            "since-boot (default: the first report counts since boot and is left out"
                                    + " unless it is the only one) or interval (output of iostat -y)"),
                    ParserOption.plain(
                            INTERVAL,
                            "seconds per report (default: the spacing of the report times)"));
    private static final String EXPECTED = "iostat -x -t output";

    @Override
    public String name() {
        return "iostat";
    }

    @Override
    public String description() {
        return EXPECTED
                + " (sysstat): host samples of the CPU (avg-cpu) and of each device per report,"
                + " one trial per file";
    }

    @Override
    public List<ParserOption> options() {
        return OPTIONS;
    }

    /** The host in the banner: {@code Linux 6.1.0-18-amd64 (db1) 2026-12-05 _x86_64_ (2 CPU)}. */
    @Override
    public Optional<String> hostIn(List<String> head) {
        return head.stream()
                .map(String::strip)
                .filter(l -> !l.isEmpty())
                .findFirst()
                .map(IostatRun.BANNER::matcher)
                .filter(Matcher::matches)
                .map(m -> m.group(1).strip());
    }

    @Override
    public Optional<String> mismatchIn(List<String> lines) {
        List<String> text = lines.stream().map(String::strip).filter(l -> !l.isEmpty()).toList();
        if (text.isEmpty() || !IostatRun.BANNER.matcher(text.get(0)).matches()) {
            return Optional.of(
                    "not "
                            + EXPECTED
                            + ": its first line is not iostat's banner 'Linux <kernel> (<host>) <date>"
                            + " <arch> (N CPU)'");
        }
        boolean timed = false;
        for (String line : text.subList(1, text.size())) {
            if (IostatTimes.LINE.matcher(line).matches()) {
                timed = true;
            } else if (line.startsWith("avg-cpu:") || line.startsWith("Device")) {
                if (!timed) {
                    return Optional.of(
                            "not "
                                    + EXPECTED
                                    + ": a report without a time line before it (run iostat with -t)");
                }
                if (line.startsWith("Device") && !line.contains("%util")) {
                    return Optional.of(
                            "not "
                                    + EXPECTED
                                    + ": the Device header has no %util (run iostat with -x)");
                }
                return Optional.empty();
            }
        }
        return timed
                ? Optional.empty()
                : Optional.of(
                        "not "
                                + EXPECTED
                                + ": no report time, avg-cpu: or Device header in the first "
                                + lines.size()
                                + " lines (sar's own output has the same banner: import sadf -d"
                                + " output with --format sar)");
    }

    @Override
    public Stream<Parsed> parse(Path file, ParserOptions options) throws IOException {
        String first = options.get(FIRST).orElse("since-boot");
        if (!first.equals("since-boot") && !first.equals("interval")) {
            throw options.bad(FIRST, first, "since-boot or interval");
        }
        Double interval = null;
        if (options.get(INTERVAL).isPresent()) {
            String value = options.get(INTERVAL).get();
            try {
                interval = Double.parseDouble(value);
            } catch (NumberFormatException e) {
                interval = Double.NaN;
            }
            if (!(interval > 0) || interval.isInfinite()) {
                throw options.bad(INTERVAL, value, "a number of seconds above 0");
            }
        }
        IostatRun run =
                new IostatRun(
                        options.get(TRIAL).orElse(LogFiles.name(file)),
                        zone(options),
                        first.equals("interval"),
                        interval);
        return LineRecords.of(file, run::accept, run::finish).stream();
    }

    /** The {@code zone} option, UTC without it. */
    static ZoneId zone(ParserOptions options) {
        return options.zone(ZONE).orElse(ZoneOffset.UTC);
    }
}
