package storagebench.html;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import storagebench.report.RunFacts;

/**
 * The page: tables written here (every value escaped), charts drawn in the browser by the inlined
 * ECharts from the data of {@link ChartSpecs}, placed in the template {@code resources/html/page.html}.
 */
final class HtmlPage {
    /** The runs whose facts are shown side by side, the latest ones. */
    private static final int FACT_COLUMNS = 6;

    private final StringBuilder body = new StringBuilder();
    private final Map<String, Object> charts = new LinkedHashMap<>();

    private HtmlPage() {}

    /** The whole page for these experiments; {@code scope} says which trials it covers. */
    static String render(List<ExperimentView> views, String scope, Instant made) {
        HtmlPage page = new HtmlPage();
        page.header(views, scope, made);
        for (int i = 0; i < views.size(); i++) {
            page.experiment(i, views.get(i));
        }
        return Html.fill(
                Resources.text("/html/page.html"),
                Map.of(
                        "title", Html.text("storagebench report: " + titleOf(views)),
                        "style", Resources.text("/html/report.css"),
                        "body", page.body.toString(),
                        "data", Html.scriptJson(Map.of("charts", page.charts)),
                        "echarts", Resources.script(Resources.ECHARTS),
                        "script", Resources.script("/html/report.js")));
    }

    private static String titleOf(List<ExperimentView> views) {
        return String.join(", ", views.stream().map(ExperimentView::experiment).toList());
    }

    private void header(List<ExperimentView> views, String scope, Instant made) {
        body.append("<header><h1>storagebench report</h1><p>")
                .append(Html.text(scope))
                .append(" · made ")
                .append(TableRows.TIME.format(made))
                .append("</p><nav><ul>");
        for (int i = 0; i < views.size(); i++) {
            body.append("<li><a href=\"#experiment-")
                    .append(i)
                    .append("\">")
                    .append(Html.text(views.get(i).experiment()))
                    .append("</a></li>");
        }
        body.append("</ul></nav></header>\n");
    }

    private void experiment(int index, ExperimentView view) {
        String id = "experiment-" + index;
        body.append("<section class=\"experiment\" id=\"")
                .append(id)
                .append("\"><h2>")
                .append(Html.text(view.experiment()))
                .append("</h2>\n");
        facts(view);
        body.append("<h3>Variant means per step</h3>\n");
        for (String step : view.mainSteps()) {
            chart(
                    id + "-means-" + charts.size(),
                    step + ": mean per variant, 95% CI whiskers",
                    ChartSpecs.means(view, step));
        }
        summary(view);
        comparisons(view);
        for (String parent : view.parentSteps()) {
            body.append("<h3>Sub-steps of ").append(Html.text(parent)).append("</h3>\n");
            chart(
                    id + "-substeps-" + charts.size(),
                    parent + ": mean per sub-step and variant",
                    ChartSpecs.subSteps(view, parent));
        }
        if (!view.io().isEmpty()) {
            body.append("<h3>IO per file</h3>\n");
            for (String file : view.files()) {
                chart(id + "-iops-" + charts.size(), file + ": IOPS", ChartSpecs.iops(view, file));
                chart(
                        id + "-latency-" + charts.size(),
                        file + ": latency per IO, total vs device",
                        ChartSpecs.latency(view, file));
            }
        }
        if (!view.throughput().isEmpty()) {
            body.append("<h3>Throughput over time</h3>\n");
            for (String variant : view.throughputVariants()) {
                chart(
                        id + "-throughput-" + charts.size(),
                        variant + ": transactions per minute over the measured step",
                        ChartSpecs.throughput(view, variant));
            }
            chart(
                    id + "-throughput-latency-" + charts.size(),
                    "95th percentile of transaction latency per interval",
                    ChartSpecs.throughputLatency(view));
        }
        if (view.runCount() > 1) {
            body.append("<h3>Trends across runs</h3>\n");
            for (String step : view.mainSteps()) {
                chart(
                        id + "-trend-" + charts.size(),
                        step + ": mean per run",
                        ChartSpecs.trend(view, step));
            }
        }
        body.append("</section>\n");
    }

    private void chart(String id, String title, Map<String, Object> spec) {
        charts.put(id, spec);
        body.append("<figure><figcaption>")
                .append(Html.text(title))
                .append("</figcaption><div class=\"chart\" data-chart=\"")
                .append(Html.text(id))
                .append("\"></div></figure>\n");
    }

    private void facts(ExperimentView view) {
        List<RunFacts> runs = view.runs();
        List<RunFacts> shown = runs.subList(Math.max(0, runs.size() - FACT_COLUMNS), runs.size());
        body.append("<h3>Host and target</h3>\n");
        if (shown.isEmpty()) {
            body.append("<p class=\"none\">no run facts (imported results)</p>\n");
            return;
        }
        if (shown.size() < runs.size()) {
            body.append("<p>the latest ")
                    .append(shown.size())
                    .append(" of ")
                    .append(runs.size())
                    .append(" runs</p>\n");
        }
        body.append(TableRows.facts(shown).html());
    }

    private void summary(ExperimentView view) {
        body.append("<h3>Summary</h3>\n").append(TableRows.summary(view).html());
    }

    private void comparisons(ExperimentView view) {
        body.append("<h3>Comparisons</h3>\n");
        if (view.comparisons().isEmpty()) {
            body.append("<p class=\"none comparisons\">no comparisons</p>\n");
        } else {
            body.append(TableRows.comparisons(view.comparisons()).html());
        }
    }
}
