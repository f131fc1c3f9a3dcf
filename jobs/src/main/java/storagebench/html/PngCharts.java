package storagebench.html;

import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.renderer.category.StatisticalBarRenderer;
import org.jfree.data.statistics.DefaultStatisticalCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import storagebench.DurableFiles;
import storagebench.report.HostPoint;
import storagebench.report.IoPoint;
import storagebench.report.ReportFilter;
import storagebench.report.SummaryRow;
import storagebench.report.VariantStats;

/**
 * The main charts as PNG files, for wikis and tickets: variant means with 95% CI whiskers per
 * experiment and step, the hosts side by side per step where there are several, IOPS per file, and the host's figures over the measured steps (CPU utilisation
 * and frequency, each device's IOPS and utilisation). Drawn headless (no display needed).
 */
public final class PngCharts {
    private static final int WIDTH = 1000;
    private static final int HEIGHT = 560;

    private PngCharts() {}

    /**
     * Writes the charts of the trials that match into {@code dir}.
     *
     * @return the files written, none when nothing matches
     */
    public static List<Path> write(Path parquetRoot, ReportFilter filter, Path dir) {
        System.setProperty("java.awt.headless", "true");
        List<Path> written = new ArrayList<>();
        List<ExperimentView> views = ExperimentView.read(parquetRoot, filter);
        try {
            if (!views.isEmpty()) {
                DurableFiles.createFolders(dir.toAbsolutePath());
            }
            for (ExperimentView view : views) {
                for (String step : view.mainSteps()) {
                    written.add(save(means(view, step), dir, view.experiment(), step, "means"));
                }
                for (String step : view.mainSteps()) {
                    Optional<HostBars> bars = HostBars.of(view, step);
                    if (bars.isPresent()) {
                        written.add(
                                save(
                                        hosts(view, bars.get()),
                                        dir,
                                        view.experiment(),
                                        step,
                                        "hosts"));
                    }
                }
                for (String file : view.files()) {
                    written.add(save(iops(view, file), dir, view.experiment(), file, "iops"));
                }
                for (List<String> figure : view.hostFigures()) {
                    written.add(
                            save(
                                    host(view, figure),
                                    dir,
                                    view.experiment(),
                                    HostCharts.key(figure),
                                    "host"));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(dir + ": cannot write the charts: " + e.getMessage(), e);
        }
        return List.copyOf(written);
    }

    private static JFreeChart means(ExperimentView view, String step) {
        List<SummaryRow> rows =
                view.summary().stream()
                        .filter(r -> r.step().equals(step) && r.mean() != null)
                        .toList();
        Scale scale = Scale.forSeconds(rows.stream().map(SummaryRow::mean).toList());
        DefaultStatisticalCategoryDataset data = new DefaultStatisticalCategoryDataset();
        for (SummaryRow row : rows) {
            String category = view.name(row.variant(), row.host(), row.configuration());
            double mean = scale.of(row.mean());
            double ci = row.ci95() == null ? 0 : scale.of(row.ci95());
            data.add(mean, ci, "mean", category);
        }
        StatisticalBarRenderer renderer = new StatisticalBarRenderer();
        renderer.setSeriesPaint(0, new Color(0x54, 0x70, 0xc6));
        return bars(
                data,
                renderer,
                scale.symbol(),
                rows.stream()
                        .mapToDouble(r -> scale.of(r.ciHigh() == null ? r.mean() : r.ciHigh()))
                        .max()
                        .orElse(1),
                view.experiment() + ": " + step + " (mean, 95% CI)",
                false);
    }

    /** One step's measure per host and variant, a bar per host with its 95% CI whisker, as on the page. */
    private static JFreeChart hosts(ExperimentView view, HostBars bars) {
        boolean seconds = VariantStats.DURATION.equals(bars.metric());
        List<SummaryRow> rows =
                bars.hosts().stream()
                        .flatMap(h -> h.rows().stream())
                        .filter(Objects::nonNull)
                        .toList();
        Scale scale = Scale.forSeconds(rows.stream().map(SummaryRow::mean).toList());
        UnaryOperator<Double> value = seconds ? scale::of : UnaryOperator.identity();
        DefaultStatisticalCategoryDataset data = new DefaultStatisticalCategoryDataset();
        for (HostBars.Host host : bars.hosts()) {
            for (int i = 0; i < bars.variants().size(); i++) {
                SummaryRow row = host.rows().get(i);
                if (row != null) {
                    double ci = row.ci95() == null ? 0 : value.apply(row.ci95());
                    data.add(
                            (double) value.apply(row.mean()),
                            ci,
                            host.label(),
                            bars.variants().get(i));
                }
            }
        }
        return bars(
                data,
                new StatisticalBarRenderer(),
                seconds ? scale.symbol() : bars.metric(),
                rows.stream()
                        .mapToDouble(r -> value.apply(r.ciHigh() == null ? r.mean() : r.ciHigh()))
                        .max()
                        .orElse(1),
                view.experiment()
                        + ": "
                        + bars.step()
                        + " per host ("
                        + bars.metric()
                        + ", mean, 95% CI)",
                true);
    }

    /**
     * Bars of means with their 95% CI whiskers by variant, on an axis from zero to just above the
     * highest whisker, {@code top}: a measure here is never negative, so a wide interval of few trials
     * is cut at zero, as on the page.
     */
    private static JFreeChart bars(
            DefaultStatisticalCategoryDataset data,
            StatisticalBarRenderer renderer,
            String unit,
            double top,
            String title,
            boolean legend) {
        CategoryAxis variants = new CategoryAxis("variant");
        variants.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        renderer.setErrorIndicatorPaint(Color.DARK_GRAY);
        NumberAxis values = new NumberAxis(unit);
        values.setRange(0, top > 0 ? top * 1.05 : 1);
        CategoryPlot plot = new CategoryPlot(data, variants, values, renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, legend);
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }

    private static JFreeChart iops(ExperimentView view, String file) {
        XYSeriesCollection data = new XYSeriesCollection();
        for (IoPoint p : view.io()) {
            if (!p.file().equals(file)) {
                continue;
            }
            if (data.getSeriesIndex(p.variant()) < 0) {
                data.addSeries(new XYSeries(p.variant()));
            }
            data.getSeries(p.variant()).add(p.second(), p.iops());
        }
        JFreeChart chart =
                ChartFactory.createXYLineChart(
                        view.experiment() + ": " + file + " IOPS", "s", "IOPS", data);
        chart.setBackgroundPaint(Color.WHITE);
        chart.getXYPlot().setBackgroundPaint(Color.WHITE);
        chart.getXYPlot().setRangeGridlinePaint(Color.LIGHT_GRAY);
        return chart;
    }

    /** One host figure over the measured steps, a line per variant, as on the page. */
    private static JFreeChart host(ExperimentView view, List<String> figure) {
        XYSeriesCollection data = new XYSeriesCollection();
        for (HostPoint p : view.host()) {
            if (!List.of(p.source(), p.name(), p.figure()).equals(figure)) {
                continue;
            }
            if (data.getSeriesIndex(p.variant()) < 0) {
                data.addSeries(new XYSeries(p.variant()));
            }
            data.getSeries(p.variant()).add(p.second(), HostCharts.scaled(figure, p.value()));
        }
        JFreeChart chart =
                ChartFactory.createXYLineChart(
                        view.experiment() + ": " + HostCharts.title(figure),
                        "s",
                        HostCharts.unit(figure),
                        data);
        chart.setBackgroundPaint(Color.WHITE);
        chart.getXYPlot().setBackgroundPaint(Color.WHITE);
        chart.getXYPlot().setRangeGridlinePaint(Color.LIGHT_GRAY);
        return chart;
    }

    private static Path save(
            JFreeChart chart, Path dir, String experiment, String what, String kind)
            throws IOException {
        Path file = dir.resolve(ChartFileName.of(experiment, what, kind));
        ChartUtils.saveChartAsPNG(file.toFile(), chart, WIDTH, HEIGHT);
        return file;
    }
}
