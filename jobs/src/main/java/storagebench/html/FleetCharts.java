package storagebench.html;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.DateAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.StatisticalBarRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.statistics.DefaultStatisticalCategoryDataset;
import org.jfree.data.time.Millisecond;
import org.jfree.data.time.TimeSeries;
import org.jfree.data.time.TimeSeriesCollection;

/**
 * The dashboard's fleet charts, drawn on the server as PNG data URIs (the dashboard runs no script of
 * the page's own making): each host's result of a fleet firing side by side with its 95% interval,
 * and each host's results over the fleet firings of a schedule.
 */
public final class FleetCharts {
    private static final int WIDTH = 720;
    private static final int HEIGHT = 300;
    private static final TimeZone UTC = TimeZone.getTimeZone("UTC");
    private static final Color WORSE = new Color(0xb3, 0x26, 0x1e);
    private static final Color BETTER = new Color(0x2e, 0x7d, 0x32);

    private FleetCharts() {}

    /**
     * One bar of a host ({@code series}) for a variant and step ({@code category}).
     *
     * @param halfWidth the half-width of its 95% interval
     */
    public record Bar(String series, String category, double mean, double halfWidth) {}

    /** One point of a host's line. */
    public record Point(String series, Instant at, double value) {}

    /**
     * A change point of a host's line: a vertical line at the run where it happened, labelled with the
     * host and the ratio of the new level to the one before ({@code ×1.08}).
     */
    public record Mark(String series, Instant at, String label, boolean worse) {}

    /** Bars with their intervals, a series per host; a data URI. */
    public static String bars(String title, String unit, List<Bar> bars) {
        DefaultStatisticalCategoryDataset data = new DefaultStatisticalCategoryDataset();
        double top = 0;
        for (Bar bar : bars) {
            data.add(bar.mean(), bar.halfWidth(), bar.series(), bar.category());
            top = Math.max(top, bar.mean() + bar.halfWidth());
        }
        StatisticalBarRenderer renderer = new StatisticalBarRenderer();
        renderer.setErrorIndicatorPaint(Color.DARK_GRAY);
        NumberAxis values = new NumberAxis(unit);
        values.setRange(0, top > 0 ? top * 1.05 : 1);
        CategoryPlot plot = new CategoryPlot(data, new CategoryAxis(), values, renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        return png(new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true));
    }

    /** A line per host over time; a data URI. */
    public static String lines(String title, String unit, List<Point> points) {
        return lines(title, unit, points, List.of());
    }

    /** A line per host over time, each change point marked; a data URI. */
    public static String lines(String title, String unit, List<Point> points, List<Mark> marks) {
        TimeSeriesCollection data = new TimeSeriesCollection();
        for (Point p : points) {
            TimeSeries series = data.getSeries(p.series());
            if (series == null) {
                series = new TimeSeries(p.series());
                data.addSeries(series);
            }
            series.addOrUpdate(new Millisecond(Date.from(p.at()), UTC, Locale.ROOT), p.value());
        }
        JFreeChart chart =
                ChartFactory.createTimeSeriesChart(
                        title, "due (UTC)", unit, data, true, false, false);
        XYPlot plot = (XYPlot) chart.getPlot();
        plot.setBackgroundPaint(Color.WHITE);
        ((DateAxis) plot.getDomainAxis()).setTimeZone(UTC);
        for (Mark mark : marks) {
            Color colour = mark.worse() ? WORSE : BETTER;
            ValueMarker line =
                    new ValueMarker(mark.at().toEpochMilli(), colour, new BasicStroke(1.5f));
            line.setLabel(mark.series() + " " + mark.label());
            line.setLabelPaint(colour);
            line.setLabelAnchor(RectangleAnchor.TOP_LEFT);
            line.setLabelTextAnchor(TextAnchor.TOP_RIGHT);
            plot.addDomainMarker(line);
        }
        return png(chart);
    }

    private static String png(JFreeChart chart) {
        chart.setBackgroundPaint(Color.WHITE);
        try {
            byte[] bytes = ChartUtils.encodeAsPNG(chart.createBufferedImage(WIDTH, HEIGHT));
            return "data:image/png;base64," + Base64.getEncoder().encodeToString(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
