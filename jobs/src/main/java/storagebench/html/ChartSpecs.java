package storagebench.html;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import storagebench.compare.ChangePoint;
import storagebench.compare.Trend;
import storagebench.report.HostPoint;
import storagebench.report.IoPoint;
import storagebench.report.RunMean;
import storagebench.report.SummaryRow;
import storagebench.report.ThroughputPoint;
import storagebench.report.VariantStats;

/**
 * The data of each chart, as the page's script draws it (resources/html/report.js): {@code means}
 * (bars with 95% CI whiskers), {@code grouped} (bars per category and series), {@code groupedMeans}
 * (bars per category and series with 95% CI whiskers) and {@code lines}.
 */
final class ChartSpecs {
    /** The ratio of the largest mean to the smallest above which a chart's axis is logarithmic. */
    static final double LOG_SPAN = 10;

    private ChartSpecs() {}

    /**
     * Variant means of one step's measure (its headline metric, or its duration) with their 95%
     * confidence intervals; on a log axis where the means differ by more than ×{@value #LOG_SPAN}.
     */
    static Map<String, Object> means(ExperimentView view, String step) {
        String metric = view.measures().of(step);
        List<SummaryRow> rows = view.measures().of(step, metric);
        boolean seconds = VariantStats.DURATION.equals(metric);
        Scale scale =
                seconds ? Scale.forSeconds(rows.stream().map(SummaryRow::mean).toList()) : null;
        UnaryOperator<Double> value = seconds ? scale::of : UnaryOperator.identity();
        List<String> categories = new ArrayList<>();
        List<Double> means = new ArrayList<>();
        List<Double> low = new ArrayList<>();
        List<Double> high = new ArrayList<>();
        for (SummaryRow row : rows) {
            categories.add(view.name(row.variant(), row.host(), row.configuration()));
            means.add(value.apply(row.mean()));
            low.add(value.apply(row.ciLow()));
            high.add(value.apply(row.ciHigh()));
        }
        Map<String, Object> spec = spec("means", seconds ? scale.symbol() : metric);
        spec.put("categories", categories);
        spec.put("means", means);
        spec.put("low", low);
        spec.put("high", high);
        spec.put("log", wide(means));
        return spec;
    }

    /**
     * The hosts side by side on one step's measure: a bar per variant and host (a series per host,
     * named with its labels) with its 95% confidence interval, as the variant chart draws it; on a
     * log axis where the means differ by more than ×{@value #LOG_SPAN}.
     */
    static Map<String, Object> hosts(HostBars bars) {
        boolean seconds = VariantStats.DURATION.equals(bars.metric());
        List<Double> all =
                bars.hosts().stream()
                        .flatMap(h -> h.rows().stream())
                        .filter(Objects::nonNull)
                        .map(SummaryRow::mean)
                        .toList();
        Scale scale = seconds ? Scale.forSeconds(all) : null;
        UnaryOperator<Double> value = seconds ? scale::of : UnaryOperator.identity();
        List<Map<String, Object>> series = new ArrayList<>();
        for (HostBars.Host host : bars.hosts()) {
            List<Double> means = new ArrayList<>();
            List<Double> low = new ArrayList<>();
            List<Double> high = new ArrayList<>();
            for (SummaryRow row : host.rows()) {
                means.add(row == null ? null : value.apply(row.mean()));
                low.add(row == null ? null : value.apply(row.ciLow()));
                high.add(row == null ? null : value.apply(row.ciHigh()));
            }
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("name", host.label());
            one.put("means", means);
            one.put("low", low);
            one.put("high", high);
            series.add(one);
        }
        Map<String, Object> spec = spec("groupedMeans", seconds ? scale.symbol() : bars.metric());
        spec.put("categories", bars.variants());
        spec.put("series", series);
        spec.put("log", wide(all.stream().map(value).toList()));
        return spec;
    }

    /** Whether positive values span more than ×{@value #LOG_SPAN}: a linear axis would flatten the small ones. */
    static boolean wide(List<Double> values) {
        double min = values.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        double max = values.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        return min > 0 && max / min > LOG_SPAN;
    }

    /** The chart without its lines that have no point. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> withoutEmptyLines(Map<String, Object> spec) {
        if ("lines".equals(spec.get("kind"))) {
            Map<String, Object> pruned = new LinkedHashMap<>(spec);
            pruned.put(
                    "series",
                    ((List<Map<String, Object>>) spec.get("series"))
                            .stream()
                                    .filter(line -> !((List<?>) line.get("data")).isEmpty())
                                    .toList());
            return pruned;
        }
        return spec;
    }

    /** Whether the chart has anything to draw. */
    @SuppressWarnings("unchecked")
    static boolean hasData(Map<String, Object> spec) {
        return switch ((String) spec.get("kind")) {
            case "means" -> !((List<?>) spec.get("means")).isEmpty();
            case "grouped", "groupedMeans" -> !((List<?>) spec.get("categories")).isEmpty();
            default ->
                    ((List<Map<String, Object>>) spec.get("series"))
                            .stream().anyMatch(line -> !((List<?>) line.get("data")).isEmpty());
        };
    }

    /** The sub-steps of one step: a bar per sub-step and variant. */
    static Map<String, Object> subSteps(ExperimentView view, String parent) {
        List<SummaryRow> rows =
                view.summary().stream()
                        .filter(r -> r.step().startsWith(parent + ".") && r.mean() != null)
                        .toList();
        Scale scale = Scale.forSeconds(rows.stream().map(SummaryRow::mean).toList());
        List<String> categories =
                rows.stream().map(r -> r.step().substring(parent.length() + 1)).distinct().toList();
        Map<String, Double[]> series = new LinkedHashMap<>();
        for (SummaryRow row : rows) {
            String name = view.name(row.variant(), row.host(), row.configuration());
            series.computeIfAbsent(name, k -> new Double[categories.size()])[
                            categories.indexOf(row.step().substring(parent.length() + 1))] =
                    scale.of(row.mean());
        }
        Map<String, Object> spec = spec("grouped", scale.symbol());
        spec.put("categories", categories);
        spec.put(
                "series",
                series.entrySet().stream()
                        .map(e -> Map.of("name", e.getKey(), "data", Arrays.asList(e.getValue())))
                        .toList());
        return spec;
    }

    /**
     * IOPS of one file per variant over the step, with each variant's cap where it had one and the
     * device-level IOPS of each device sampled under the target (dashed).
     */
    static Map<String, Object> iops(ExperimentView view, String file) {
        List<Map<String, Object>> series = new ArrayList<>();
        Map<String, List<IoPoint>> byVariant = byVariant(view, file);
        byVariant.forEach(
                (variant, points) -> series.add(line(variant, points, IoPoint::iops, false)));
        byVariant.forEach(
                (variant, points) -> {
                    List<IoPoint> capped =
                            points.stream().filter(p -> p.capIops() != null).toList();
                    if (!capped.isEmpty()) {
                        series.add(line("cap: " + variant, capped, IoPoint::capIops, true));
                    }
                });
        // beside the file's IOPS, its device's: whose limit is it, the file's cap or the device's?
        Map<String, List<List<Double>>> devices = new LinkedHashMap<>();
        for (HostPoint p : view.host()) {
            if (p.source().equals("device")
                    && p.figure().equals("iops")
                    && byVariant.containsKey(p.variant())) {
                devices.computeIfAbsent(
                                "device " + p.name() + ": " + p.variant(), k -> new ArrayList<>())
                        .add(List.of(p.second(), p.value()));
            }
        }
        devices.forEach((name, data) -> series.add(line(name, data, true)));
        Map<String, Object> spec = spec("lines", "IOPS");
        spec.put("xName", "s");
        spec.put("series", series);
        return spec;
    }

    /**
     * One host figure over the measured steps, a line per variant: seed 004's CPU chart (utilisation
     * and frequency), a device's IOPS and utilisation.
     */
    static Map<String, Object> host(ExperimentView view, List<String> figure) {
        Map<String, List<List<Double>>> byVariant = new LinkedHashMap<>();
        for (HostPoint p : view.host()) {
            if (List.of(p.source(), p.name(), p.figure()).equals(figure)) {
                byVariant
                        .computeIfAbsent(p.variant(), k -> new ArrayList<>())
                        .add(List.of(p.second(), HostCharts.scaled(figure, p.value())));
            }
        }
        List<Map<String, Object>> series = new ArrayList<>();
        byVariant.forEach((variant, data) -> series.add(line(variant, data, false)));
        Map<String, Object> spec = spec("lines", HostCharts.unit(figure));
        spec.put("xName", "s");
        spec.put("series", series);
        return spec;
    }

    /** Latency per IO of one file per variant: total (queued + device) and the device's own. */
    static Map<String, Object> latency(ExperimentView view, String file) {
        List<Map<String, Object>> series = new ArrayList<>();
        byVariant(view, file)
                .forEach(
                        (variant, points) -> {
                            series.add(line("total: " + variant, points, IoPoint::totalMs, false));
                            if (points.stream().anyMatch(p -> p.deviceMs() != null)) {
                                series.add(
                                        line(
                                                "device: " + variant,
                                                points,
                                                IoPoint::deviceMs,
                                                true));
                            }
                        });
        Map<String, Object> spec = spec("lines", "ms per IO");
        spec.put("xName", "s");
        spec.put("series", series);
        return spec;
    }

    /**
     * One variant's throughput over its measured step: committed transactions per minute, and
     * new-orders per minute (dashed) where the mix has them.
     */
    static Map<String, Object> throughput(ExperimentView view, String variant) {
        List<Map<String, Object>> series = new ArrayList<>();
        Map<String, List<ThroughputPoint>> bySteps = bySteps(view, variant);
        bySteps.forEach(
                (step, points) -> {
                    String of = bySteps.size() > 1 ? ": " + step : "";
                    series.add(throughputLine("TPM" + of, points, ThroughputPoint::tpm, false));
                    if (points.stream().anyMatch(p -> p.nopm() > 0)) {
                        series.add(
                                throughputLine("NOPM" + of, points, ThroughputPoint::nopm, true));
                    }
                });
        Map<String, Object> spec = spec("lines", "per minute");
        spec.put("xName", "s");
        spec.put("series", series);
        return spec;
    }

    /** The 95th percentile of transaction latency per interval, a line per variant. */
    static Map<String, Object> throughputLatency(ExperimentView view) {
        List<Map<String, Object>> series = new ArrayList<>();
        for (String variant : view.throughputVariants()) {
            Map<String, List<ThroughputPoint>> bySteps = bySteps(view, variant);
            bySteps.forEach(
                    (step, points) ->
                            series.add(
                                    throughputLine(
                                            bySteps.size() > 1 ? variant + ": " + step : variant,
                                            points,
                                            ThroughputPoint::latencyP95Ms,
                                            false)));
        }
        Map<String, Object> spec = spec("lines", "ms, p95");
        spec.put("xName", "s");
        spec.put("series", series);
        return spec;
    }

    /** One variant's throughput points per step: each step's clock starts at 0 s. */
    private static Map<String, List<ThroughputPoint>> bySteps(ExperimentView view, String variant) {
        Map<String, List<ThroughputPoint>> bySteps = new LinkedHashMap<>();
        view.throughput().stream()
                .filter(p -> p.variant().equals(variant))
                .forEach(p -> bySteps.computeIfAbsent(p.step(), k -> new ArrayList<>()).add(p));
        return bySteps;
    }

    private static Map<String, Object> throughputLine(
            String name,
            List<ThroughputPoint> points,
            Function<ThroughputPoint, Double> y,
            boolean dashed) {
        List<List<Double>> data = new ArrayList<>();
        for (ThroughputPoint p : points) {
            Double value = y.apply(p);
            if (value != null) {
                data.add(List.of(p.second(), value));
            }
        }
        return line(name, data, dashed);
    }

    /**
     * Each variant's mean of one step's measure per run, in the order the runs started; each change
     * point of a series as a mark on its line at its run ({@code marks}: the time, the ratio of the
     * new level to the one before as {@code ×1.08}, whether it is worse, the run and its anchor).
     */
    static Map<String, Object> trend(ExperimentView view, String step) {
        String metric = view.measures().of(step);
        boolean seconds = VariantStats.DURATION.equals(metric);
        List<RunMean> means = view.runMeans().stream().filter(m -> m.step().equals(step)).toList();
        Scale scale = seconds ? Scale.forSeconds(means.stream().map(RunMean::mean).toList()) : null;
        UnaryOperator<Double> value = seconds ? scale::of : UnaryOperator.identity();
        Map<String, List<List<Object>>> series = new LinkedHashMap<>();
        for (RunMean m : means) {
            String name = view.name(m.variant(), m.host(), m.configuration());
            series.computeIfAbsent(name, k -> new ArrayList<>())
                    .add(List.of(m.started().toEpochMilli(), value.apply(m.mean()), m.runId()));
        }
        Map<String, List<Map<String, Object>>> marks = new LinkedHashMap<>();
        for (Trend t : view.trends()) {
            if (!t.step().equals(step)) {
                continue;
            }
            for (ChangePoint cp : t.changePoints()) {
                Optional<RunMean> at =
                        means.stream()
                                .filter(
                                        m ->
                                                m.runId().equals(cp.runId())
                                                        && m.host().equals(t.host())
                                                        && m.variant().equals(t.variant()))
                                .findFirst();
                String name =
                        view.name(t.variant(), t.host(), at.map(RunMean::configuration).orElse(""));
                Map<String, Object> mark = new LinkedHashMap<>();
                mark.put("x", at.map(RunMean::started).orElse(cp.start()).toEpochMilli());
                mark.put("label", ratio(cp.ratio()));
                mark.put("worse", cp.worse());
                mark.put("run", cp.runId());
                mark.put(
                        "anchor", TrendAnchor.changePoint(t.host(), step, t.variant(), cp.runId()));
                marks.computeIfAbsent(name, k -> new ArrayList<>()).add(mark);
            }
        }
        Map<String, Object> spec = spec("lines", seconds ? scale.symbol() : metric);
        spec.put("time", true);
        spec.put(
                "series",
                series.entrySet().stream()
                        .map(
                                e ->
                                        Map.<String, Object>of(
                                                "name",
                                                e.getKey(),
                                                "data",
                                                e.getValue(),
                                                "marks",
                                                marks.getOrDefault(e.getKey(), List.of())))
                        .toList());
        return spec;
    }

    /** A change point's ratio, new level to old, as its mark shows it. */
    static String ratio(double ratio) {
        return String.format(Locale.ROOT, "×%.2f", ratio);
    }

    private static Map<String, List<IoPoint>> byVariant(ExperimentView view, String file) {
        Map<String, List<IoPoint>> byVariant = new LinkedHashMap<>();
        view.io().stream()
                .filter(p -> p.file().equals(file))
                .forEach(
                        p -> byVariant.computeIfAbsent(p.variant(), k -> new ArrayList<>()).add(p));
        return byVariant;
    }

    private static Map<String, Object> line(
            String name, List<IoPoint> points, Function<IoPoint, Double> y, boolean dashed) {
        List<List<Double>> data = new ArrayList<>();
        for (IoPoint p : points) {
            Double value = y.apply(p);
            if (value != null) {
                data.add(List.of(p.second(), value));
            }
        }
        return line(name, data, dashed);
    }

    /** A line's points in the order of x, so a line never runs back. */
    private static Map<String, Object> line(String name, List<List<Double>> data, boolean dashed) {
        data.sort(Comparator.comparingDouble(point -> point.get(0)));
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("name", name);
        line.put("data", data);
        line.put("dashed", dashed);
        return line;
    }

    private static Map<String, Object> spec(String kind, String unit) {
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("kind", kind);
        spec.put("unit", unit);
        return spec;
    }
}
