package storagebench.logformat.sysstat;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import storagebench.logformat.LineReader;
import storagebench.logformat.LineRecords;
import storagebench.logformat.Parsed;

/**
 * Reads {@code iostat -x -t} output line by line: a report is its time line, then an {@code avg-cpu:}
 * header and its values line, then a {@code Device} header and a line per device, each section ended by
 * a blank line. A report's time is when it was printed, the end of its interval; the interval is the
 * spacing of the report times (or {@code interval-s}). The first report of a run counts since boot: it
 * is held, then dropped when a second report comes, and kept (interval 0, {@code since_boot}=1 on the
 * step) when none does, unless the output was made with {@code -y} ({@code first=interval}).
 */
final class IostatRun {
    /** The banner iostat prints first: {@code Linux 6.1.0 (host) 2026-12-05 _x86_64_ (2 CPU)}. */
    static final Pattern BANNER = Pattern.compile("\\S+ \\S+ \\((.*)\\)\\s.*\\(\\d+ CPU\\)");

    private enum Section {
        NONE,
        CPU,
        DEVICES
    }

    /** A row of a report whose interval is not yet known. */
    private record Held(String source, String name, Map<String, Double> metrics, long line) {}

    private final SampledTrial trial;
    private final ZoneId zone;
    private final boolean firstIsInterval;
    private final Double intervalS;
    private Section section = Section.NONE;
    private List<String> cpuColumns;
    private List<String> deviceColumns;
    private Instant time;
    private Instant previous;
    private Duration spacing;
    private long timeLine;
    private String badTime;
    private int reports;
    private List<Held> held = new ArrayList<>();
    private boolean sinceBoot;

    IostatRun(String trial, ZoneId zone, boolean firstIsInterval, Double intervalS) {
        this.trial = new SampledTrial(trial);
        this.zone = zone;
        this.firstIsInterval = firstIsInterval;
        this.intervalS = intervalS;
    }

    List<Parsed> accept(LineReader.Line line) {
        String text = line.text().strip();
        if (text.isEmpty()) {
            section = Section.NONE;
            return List.of();
        }
        if (BANNER.matcher(text).matches()) {
            List<Parsed> out = flushSinceBoot();
            reports = 0;
            previous = null;
            time = null;
            spacing = null;
            section = Section.NONE;
            return out;
        }
        if (IostatTimes.LINE.matcher(text).matches()) {
            section = Section.NONE;
            return report(text, line.number());
        }
        if (text.startsWith("avg-cpu:")) {
            cpuColumns = words(text.substring("avg-cpu:".length()));
            section = Section.CPU;
            return List.of();
        }
        if (text.startsWith("Device")) {
            List<String> columns = words(text);
            deviceColumns = columns.subList(1, columns.size());
            section = Section.DEVICES;
            return List.of();
        }
        if (section == Section.CPU) {
            section = Section.NONE;
            return figures("cpu", "all", cpuColumns, words(text), line);
        }
        if (section == Section.DEVICES) {
            List<String> fields = words(text);
            return figures(
                    "device", fields.get(0), deviceColumns, fields.subList(1, fields.size()), line);
        }
        return List.of(
                new Parsed.Malformed(
                        line.number(),
                        "not a line of iostat -x -t output (a banner, a report time, an avg-cpu: or"
                                + " Device header, or the figures under one)",
                        LineRecords.shown(line.text())));
    }

    List<Parsed> finish() {
        List<Parsed> out = new ArrayList<>(flushSinceBoot());
        out.addAll(trial.finish(sinceBoot ? Map.of("since_boot", 1.0) : Map.of()));
        return out;
    }

    private List<Parsed> report(String text, long number) {
        Instant at;
        try {
            at = IostatTimes.parse(text, zone);
        } catch (DateTimeException e) {
            return bad(number, e.getMessage(), text);
        }
        if (time != null && !at.isAfter(time)) {
            return bad(
                    number,
                    "report time " + text + " not after the one before it (line " + timeLine + ")",
                    text);
        }
        boolean afterBadTime = badTime != null;
        badTime = null;
        previous = time;
        time = at;
        timeLine = number;
        reports++;
        if (intervalS != null) {
            spacing = seconds(intervalS);
        } else if (previous != null && !(afterBadTime && spacing != null)) {
            spacing = Duration.between(previous, time); // after a bad time: the spacing before it
        }
        List<Parsed> out = new ArrayList<>();
        if (reports == 2) {
            if (firstIsInterval) {
                for (Held h : held) {
                    out.add(
                            trial.row(
                                    previous.minus(spacing),
                                    spacing.toNanos() / 1e6,
                                    h.source(),
                                    h.name(),
                                    h.metrics(),
                                    h.line()));
                }
            }
            held = new ArrayList<>();
        }
        return out;
    }

    private List<Parsed> bad(long number, String reason, String text) {
        badTime = "line " + number;
        return List.of(new Parsed.Malformed(number, reason, LineRecords.shown(text)));
    }

    private List<Parsed> figures(
            String source,
            String name,
            List<String> columns,
            List<String> values,
            LineReader.Line line) {
        String reason = null;
        if (columns == null) {
            reason = "figures without their header line";
        } else if (badTime != null) {
            reason = "in a report whose time does not read (" + badTime + ")";
        } else if (time == null) {
            reason = "in a report without a time: iostat was run without -t";
        } else if (values.size() != columns.size()) {
            reason = values.size() + " values where the header has " + columns.size();
        }
        if (reason != null) {
            return List.of(
                    new Parsed.Malformed(line.number(), reason, LineRecords.shown(line.text())));
        }
        Map<String, Double> metrics;
        try {
            Map<String, Double> numbers = Numbers.of(columns, values);
            metrics = source.equals("cpu") ? HostFigures.cpu(numbers) : HostFigures.device(numbers);
        } catch (Numbers.NotANumber e) {
            return List.of(
                    new Parsed.Malformed(
                            line.number(), e.getMessage(), LineRecords.shown(line.text())));
        }
        if (reports == 1) {
            held.add(new Held(source, name, metrics, line.number()));
            return List.of();
        }
        return List.of(
                trial.row(
                        time.minus(spacing),
                        spacing.toNanos() / 1e6,
                        source,
                        name,
                        metrics,
                        line.number()));
    }

    /** The first report's rows, when its run had no other report: since boot, at its time, interval 0. */
    private List<Parsed> flushSinceBoot() {
        List<Parsed> out = new ArrayList<>();
        if (reports == 1 && !held.isEmpty()) {
            Duration length =
                    firstIsInterval && intervalS != null ? seconds(intervalS) : Duration.ZERO;
            sinceBoot |= !firstIsInterval;
            for (Held h : held) {
                out.add(
                        trial.row(
                                time.minus(length),
                                length.toNanos() / 1e6,
                                h.source(),
                                h.name(),
                                h.metrics(),
                                h.line()));
            }
        }
        held = new ArrayList<>();
        return out;
    }

    private static Duration seconds(double s) {
        return Duration.ofNanos(Math.round(s * 1e9));
    }

    private static List<String> words(String text) {
        String stripped = text.strip();
        return stripped.isEmpty() ? List.of() : Arrays.asList(stripped.split("\\s+"));
    }
}
