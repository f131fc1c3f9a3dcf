package storagebench.logformat.benchbase;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import storagebench.logformat.LineReader;
import storagebench.logformat.LineRecords;
import storagebench.logformat.Parsed;
import storagebench.logformat.csv.CsvReader;

/**
 * A BenchBase windowed CSV ({@code results.csv}, {@code results.<Txn>.csv}, {@code samples.csv}) folded
 * into one step, {@code run.<txn>} ({@code run.all} for all transactions): the exact totals of its
 * windows — {@code requests}, {@code tps} over the whole span, {@code latency_avg_ms} weighted by
 * requests, {@code latency_min_ms}, {@code latency_max_ms} — and, since percentiles of windows do not
 * add up to a percentile of the run, the worst window's ({@code worst_window_p95_ms},
 * {@code worst_window_p99_ms}) and the spread of the windows' throughput ({@code window_tps_min},
 * {@code window_tps_max}); {@code windows}, {@code window_s}. The step lasts the mean latency and
 * starts at its first window, when the run's start is known. Rows
 * that do not read are quarantined; the others are folded in.
 */
final class WindowSeries extends LineRecords {
    private static final String TIME = "Time (seconds)";
    private static final String THROUGHPUT = "Throughput (requests/second)";
    private static final String REQUESTS = "Requests";

    private final String trial;
    private final String step;
    private final Double windowOption;
    private final Instant began;
    private List<String> header;
    private long headerLine;
    private boolean micros;
    private int time;
    private int throughput;
    private int requestsColumn;
    private int[] latency;
    private long rows;
    private double firstTime = Double.NaN;
    private double secondTime = Double.NaN;
    private double weight;
    private double weightedAvg;
    private double requestCount;
    private double min = Double.POSITIVE_INFINITY;
    private double max = Double.NEGATIVE_INFINITY;
    private double worstP95 = Double.NEGATIVE_INFINITY;
    private double worstP99 = Double.NEGATIVE_INFINITY;
    private double tpsMin = Double.POSITIVE_INFINITY;
    private double tpsMax = Double.NEGATIVE_INFINITY;

    /**
     * @param step the step's name
     * @param window seconds per row when given, else null (the Time column's spacing)
     * @param began when the run began, from the file's name; null when not known
     */
    WindowSeries(Path file, String trial, String step, Double window, Instant began) {
        super(file);
        this.trial = trial;
        this.step = step;
        this.windowOption = window;
        this.began = began;
    }

    /** A row has the header's fields: a cut-off last row that has them all is read. */
    @Override
    protected boolean meetsFixedFieldCount(LineReader.Line line) {
        return header != null && CsvReader.fields(line.text().strip(), ',').size() == header.size();
    }

    @Override
    protected void accept(LineReader.Line line, Consumer<Parsed> out) {
        String text = line.text().strip();
        if (text.isEmpty()) {
            return;
        }
        if (header == null) {
            header(text, line.number());
            return;
        }
        if (!readableHeader()) {
            return; // finish() quarantines the header, naming the columns it lacks
        }
        List<String> fields = CsvReader.fields(text, ',');
        if (fields.size() != header.size()) {
            out.accept(
                    malformed(
                            line,
                            "a row of "
                                    + fields.size()
                                    + " fields under a header of "
                                    + header.size()));
            return;
        }
        double[] values = new double[fields.size()];
        for (int i = 0; i < fields.size(); i++) {
            try {
                values[i] = Double.parseDouble(fields.get(i).strip());
            } catch (NumberFormatException e) {
                out.accept(malformed(line, "column '" + header.get(i) + "': not a number"));
                return;
            }
        }
        row(values, line, out);
    }

    private void header(String text, long number) {
        header = CsvReader.fields(text, ',');
        headerLine = number;
        micros = text.contains("(microseconds)");
        String unit = micros ? " (microseconds)" : " (millisecond)";
        time = header.indexOf(TIME);
        throughput = header.indexOf(THROUGHPUT);
        requestsColumn = header.indexOf(REQUESTS);
        latency =
                new int[] {
                    header.indexOf("Average Latency" + unit),
                    header.indexOf("Minimum Latency" + unit),
                    header.indexOf("Maximum Latency" + unit),
                    header.indexOf("95th Percentile Latency" + unit),
                    header.indexOf("99th Percentile Latency" + unit)
                };
    }

    private boolean readableHeader() {
        return time >= 0 && throughput >= 0 && Arrays.stream(latency).allMatch(i -> i >= 0);
    }

    private void row(double[] values, LineReader.Line line, Consumer<Parsed> out) {
        double tps = values[throughput];
        double w = requestsColumn >= 0 ? values[requestsColumn] : tps;
        if (!(w >= 0) || !(tps >= 0) || !Double.isFinite(values[time])) {
            out.accept(malformed(line, "a window without a time, or with a negative throughput"));
            return;
        }
        double scale = micros ? 1e-3 : 1;
        double[] ms = new double[latency.length];
        for (int i = 0; i < latency.length; i++) {
            ms[i] = values[latency[i]] * scale;
            if (w > 0 && !Double.isFinite(ms[i])) {
                out.accept(malformed(line, "a window with requests but no latency figures"));
                return;
            }
        }
        rows++;
        if (rows == 1) {
            firstTime = values[time];
        } else if (rows == 2) {
            secondTime = values[time];
        }
        tpsMin = Math.min(tpsMin, tps);
        tpsMax = Math.max(tpsMax, tps);
        if (w > 0) {
            weight += w;
            weightedAvg += ms[0] * w;
            min = Math.min(min, ms[1]);
            max = Math.max(max, ms[2]);
            worstP95 = Math.max(worstP95, ms[3]);
            worstP99 = Math.max(worstP99, ms[4]);
        }
        if (requestsColumn >= 0) {
            requestCount += w;
        }
    }

    @Override
    protected void finish(Consumer<Parsed> out) {
        if (header == null) {
            out.accept(new Parsed.Malformed(1, "empty file: no BenchBase CSV header", ""));
            return;
        }
        if (!readableHeader()) {
            out.accept(
                    new Parsed.Malformed(
                            headerLine,
                            "a BenchBase CSV header without the columns "
                                    + TIME
                                    + ", "
                                    + THROUGHPUT
                                    + " and the latencies",
                            LineRecords.shown(String.join(",", header))));
            return;
        }
        if (rows == 0) {
            out.accept(new Parsed.Malformed(headerLine, "no window rows after the header", ""));
            return;
        }
        double window =
                windowOption != null
                        ? windowOption
                        : rows > 1 && secondTime > firstTime ? secondTime - firstTime : 1;
        double requests = requestsColumn >= 0 ? requestCount : weight * window;
        double span = rows * window;
        Map<String, Double> metrics = new TreeMap<>();
        metrics.put("requests", (double) Math.round(requests));
        metrics.put("tps", requests / span);
        metrics.put("windows", (double) rows);
        metrics.put("window_s", window);
        metrics.put("window_tps_min", tpsMin);
        metrics.put("window_tps_max", tpsMax);
        double avg = weight > 0 ? weightedAvg / weight : 0;
        if (weight > 0) {
            metrics.put("latency_avg_ms", avg);
            metrics.put("latency_min_ms", min);
            metrics.put("latency_max_ms", max);
            metrics.put("worst_window_p95_ms", worstP95);
            metrics.put("worst_window_p99_ms", worstP99);
        }
        out.accept(
                new Parsed.Step(
                        trial,
                        Map.of(),
                        step,
                        start(),
                        Math.round(avg * 1e6),
                        weight > 0 ? null : "no request in any window",
                        Collections.unmodifiableMap(metrics),
                        headerLine));
    }

    /** The run's start plus the first window's time (seconds, within a year; else the run's start). */
    private Instant start() {
        boolean plausible = firstTime >= 0 && firstTime <= 366 * 86_400.0;
        return began == null || !plausible ? began : began.plusMillis(Math.round(firstTime * 1000));
    }

    private static Parsed.Malformed malformed(LineReader.Line line, String reason) {
        return new Parsed.Malformed(line.number(), reason, LineRecords.shown(line.text()));
    }
}
