package storagebench.html;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import storagebench.report.IoPoint;
import storagebench.report.RunMean;
import storagebench.report.SummaryRow;
import storagebench.report.ThroughputPoint;

/**
 * The data of each chart, as the page's script draws it (resources/html/report.js): {@code means}
 * (bars with 95% CI whiskers), {@code grouped} (bars per category and series) and {@code lines}.
 */
final class ChartSpecs {
    private ChartSpecs() {}

    /** Variant means of one step with their 95% confidence intervals. */
    static Map<String, Object> means(ExperimentView view, String step) {
        List<SummaryRow> rows =
                view.summary().stream()
                        .filter(r -> r.step().equals(step) && r.mean() != null)
                        .toList();
        Scale scale = Scale.forSeconds(rows.stream().map(SummaryRow::mean).toList());
        List<String> categories = new ArrayList<>();
        List<Double> means = new ArrayList<>();
        List<Double> low = new ArrayList<>();
        List<Double> high = new ArrayList<>();
        for (SummaryRow row : rows) {
            categories.add(view.manyHosts() ? row.variant() + " @ " + row.host() : row.variant());
            means.add(scale.of(row.mean()));
            low.add(scale.of(row.ciLow()));
            high.add(scale.of(row.ciHigh()));
        }
        Map<String, Object> spec = spec("means", scale.symbol());
        spec.put("categories", categories);
        spec.put("means", means);
        spec.put("low", low);
        spec.put("high", high);
        return spec;
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
            String name = view.manyHosts() ? row.variant() + " @ " + row.host() : row.variant();
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

    /** IOPS of one file per variant over the step, with each variant's cap where it had one. */
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
        Map<String, Object> spec = spec("lines", "IOPS");
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
        List<ThroughputPoint> points =
                view.throughput().stream().filter(p -> p.variant().equals(variant)).toList();
        List<Map<String, Object>> series = new ArrayList<>();
        series.add(throughputLine("TPM", points, ThroughputPoint::tpm, false));
        if (points.stream().anyMatch(p -> p.nopm() > 0)) {
            series.add(throughputLine("NOPM", points, ThroughputPoint::nopm, true));
        }
        Map<String, Object> spec = spec("lines", "per minute");
        spec.put("xName", "s");
        spec.put("series", series);
        return spec;
    }

    /** The 95th percentile of transaction latency per interval, a line per variant. */
    static Map<String, Object> throughputLatency(ExperimentView view) {
        List<Map<String, Object>> series = new ArrayList<>();
        for (String variant : view.throughputVariants()) {
            series.add(
                    throughputLine(
                            variant,
                            view.throughput().stream()
                                    .filter(p -> p.variant().equals(variant))
                                    .toList(),
                            ThroughputPoint::latencyP95Ms,
                            false));
        }
        Map<String, Object> spec = spec("lines", "ms, p95");
        spec.put("xName", "s");
        spec.put("series", series);
        return spec;
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
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("name", name);
        line.put("data", data);
        line.put("dashed", dashed);
        return line;
    }

    /** Each variant's mean of one step per run, in the order the runs started. */
    static Map<String, Object> trend(ExperimentView view, String step) {
        List<RunMean> means = view.runMeans().stream().filter(m -> m.step().equals(step)).toList();
        Scale scale = Scale.forSeconds(means.stream().map(RunMean::mean).toList());
        Map<String, List<List<Object>>> series = new LinkedHashMap<>();
        for (RunMean m : means) {
            String name = view.manyHosts() ? m.variant() + " @ " + m.host() : m.variant();
            series.computeIfAbsent(name, k -> new ArrayList<>())
                    .add(List.of(m.started().toEpochMilli(), scale.of(m.mean()), m.runId()));
        }
        Map<String, Object> spec = spec("lines", scale.symbol());
        spec.put("time", true);
        spec.put(
                "series",
                series.entrySet().stream()
                        .map(e -> Map.<String, Object>of("name", e.getKey(), "data", e.getValue()))
                        .toList());
        return spec;
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
