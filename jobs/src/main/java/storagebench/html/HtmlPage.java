package storagebench.html;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import storagebench.compare.Comparison;
import storagebench.report.RunFacts;
import storagebench.report.SummaryRow;

/**
 * The page: tables written here (every value escaped), charts drawn in the browser by the inlined
 * ECharts from the data of {@link ChartSpecs}, placed in the template {@code resources/html/page.html}.
 */
final class HtmlPage {
    /** The runs whose facts are shown side by side, the latest ones. */
    private static final int FACT_COLUMNS = 6;

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
                    .withZone(ZoneOffset.UTC);

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
                .append(TIME.format(made))
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
        List<String> header = new ArrayList<>(List.of("fact"));
        shown.forEach(r -> header.add(r.runId() + " (" + TIME.format(r.started()) + ")"));
        List<List<String>> rows = new ArrayList<>();
        for (String side : List.of("host", "target")) {
            Set<String> keys = new LinkedHashSet<>();
            shown.forEach(r -> keys.addAll(facts(r, side).keySet()));
            for (String key : keys) {
                List<String> row = new ArrayList<>(List.of(side + "." + key));
                shown.forEach(r -> row.add(facts(r, side).getOrDefault(key, "")));
                rows.add(row);
            }
        }
        table("facts", header, rows, Set.of());
    }

    private static Map<String, String> facts(RunFacts run, String side) {
        return side.equals("host") ? run.host() : run.target();
    }

    private void summary(ExperimentView view) {
        Map<String, Scale> scales = new LinkedHashMap<>();
        for (String step : view.summary().stream().map(SummaryRow::step).distinct().toList()) {
            scales.put(
                    step,
                    Scale.forSeconds(
                            view.summary().stream()
                                    .filter(r -> r.step().equals(step))
                                    .map(SummaryRow::mean)
                                    .toList()));
        }
        List<String> header =
                List.of(
                        "host",
                        "variant",
                        "step",
                        "unit",
                        "n",
                        "mean",
                        "median",
                        "stddev",
                        "ci95",
                        "min",
                        "max",
                        "p95",
                        "ratio",
                        "failed",
                        "warm-ups");
        List<List<String>> rows = new ArrayList<>();
        for (SummaryRow r : view.summary()) {
            Scale s = scales.get(r.step());
            rows.add(
                    List.of(
                            r.host(),
                            r.variant(),
                            r.step(),
                            s.symbol(),
                            Long.toString(r.n()),
                            s.format(r.mean()),
                            s.format(r.median()),
                            s.format(r.stddev()),
                            s.format(r.ci95()),
                            s.format(r.min()),
                            s.format(r.max()),
                            s.format(r.p95()),
                            r.ratio() == null ? "" : String.format(Locale.ROOT, "×%.2f", r.ratio()),
                            Long.toString(r.failed()),
                            Long.toString(r.warmups())));
        }
        body.append("<h3>Summary</h3>\n");
        table("summary", header, rows, Set.of(4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14));
    }

    private void comparisons(ExperimentView view) {
        body.append("<h3>Comparisons</h3>\n");
        if (view.comparisons().isEmpty()) {
            body.append("<p class=\"none comparisons\">no comparisons</p>\n");
            return;
        }
        List<String> header =
                List.of(
                        "host",
                        "step",
                        "metric",
                        "variant",
                        "baseline",
                        "n",
                        "baseline n",
                        "ratio of means",
                        "95% CI",
                        "ratio of medians",
                        "test",
                        "p",
                        "p (Holm)",
                        "repetitions for 5%",
                        "verdict");
        List<List<String>> rows = new ArrayList<>();
        for (Comparison c : view.comparisons()) {
            rows.add(
                    List.of(
                            c.host(),
                            c.step(),
                            c.metric(),
                            c.variant(),
                            c.baseline(),
                            Long.toString(c.n()),
                            Long.toString(c.baselineN()),
                            number("×%s", c.ratioOfMeans()),
                            c.low() == null || c.high() == null
                                    ? ""
                                    : number("[×%s", c.low()) + number(", ×%s]", c.high()),
                            number("×%s", c.ratioOfMedians()),
                            c.test() == null ? "" : c.test(),
                            number("%s", c.p()),
                            number("%s", c.pAdjusted()),
                            c.repetitions() == null ? "" : c.repetitions().toString(),
                            c.verdict() == null ? "" : c.verdict()));
        }
        table("comparisons", header, rows, Set.of(5, 6, 7, 9, 11, 12, 13));
    }

    private static String number(String format, Double value) {
        return value == null ? "" : String.format(Locale.ROOT, format, Scale.significant(value));
    }

    /** A sortable table; the columns in {@code numeric} sort by number. */
    private void table(
            String kind, List<String> header, List<List<String>> rows, Set<Integer> numeric) {
        body.append("<table class=\"sortable ").append(kind).append("\"><thead><tr>");
        for (int i = 0; i < header.size(); i++) {
            body.append(numeric.contains(i) ? "<th class=\"num\">" : "<th>")
                    .append(Html.text(header.get(i)))
                    .append("</th>");
        }
        body.append("</tr></thead><tbody>\n");
        for (List<String> row : rows) {
            body.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                body.append(numeric.contains(i) ? "<td class=\"num\">" : "<td>")
                        .append(Html.text(row.get(i)))
                        .append("</td>");
            }
            body.append("</tr>\n");
        }
        body.append("</tbody></table>\n");
    }
}
