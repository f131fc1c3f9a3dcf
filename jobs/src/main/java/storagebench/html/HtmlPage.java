package storagebench.html;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import storagebench.compare.ChangePoint;
import storagebench.compare.ChangeSentence;
import storagebench.compare.Comparison;
import storagebench.compare.Direction;
import storagebench.compare.Trend;
import storagebench.compare.VerdictSentence;
import storagebench.report.RunFacts;
import storagebench.report.TopWait;
import storagebench.report.VariantStats;

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

    /**
     * One experiment, the answer first: its question and verdicts, the chart of each step's measure,
     * the hosts side by side where there are several, the host panel, the summaries and comparisons;
     * then sub-steps, IO, throughput and trends; its host and target last, folded.
     */
    private void experiment(int index, ExperimentView view) {
        String id = "experiment-" + index;
        body.append("<section class=\"experiment\" id=\"")
                .append(id)
                .append("\"><h2>")
                .append(Html.text(view.experiment()))
                .append("</h2>\n");
        answer(view);
        body.append("<h3>Variant means per step</h3>\n");
        for (String step : view.mainSteps()) {
            String metric = view.measures().of(step);
            chart(
                    id + "-means-" + charts.size(),
                    step + ": " + metric + " per variant, mean with 95% CI whiskers",
                    ChartSpecs.means(view, step),
                    "no trial of " + step + " has " + metric);
        }
        hosts(id, view);
        hostPanel(id, view);
        summary(view);
        comparisons(view);
        for (String parent : view.parentSteps()) {
            body.append("<h3>Sub-steps of ").append(Html.text(parent)).append("</h3>\n");
            chart(
                    id + "-substeps-" + charts.size(),
                    parent + ": mean per sub-step and variant",
                    ChartSpecs.subSteps(view, parent),
                    "no sub-step of " + parent + " has a measured trial");
        }
        if (!view.io().isEmpty()) {
            body.append("<h3>IO per file</h3>\n");
            for (String file : view.files()) {
                chart(
                        id + "-iops-" + charts.size(),
                        file + ": IOPS",
                        ChartSpecs.iops(view, file),
                        "no IO was sampled for " + file);
                chart(
                        id + "-latency-" + charts.size(),
                        file + ": latency per IO, total vs device",
                        ChartSpecs.latency(view, file),
                        "no latency was sampled for " + file);
                if (view.io().stream()
                        .noneMatch(p -> p.file().equals(file) && p.deviceMs() != null)) {
                    note("no device latency was sampled for " + file);
                }
            }
        }
        if (!view.throughput().isEmpty()) {
            body.append("<h3>Throughput over time</h3>\n");
            for (String variant : view.throughputVariants()) {
                chart(
                        id + "-throughput-" + charts.size(),
                        variant + ": transactions per minute over the measured step",
                        ChartSpecs.throughput(view, variant),
                        "no throughput was sampled for " + variant);
            }
            chart(
                    id + "-throughput-latency-" + charts.size(),
                    "95th percentile of transaction latency per interval",
                    ChartSpecs.throughputLatency(view),
                    "no interval had a transaction");
        }
        waits(view);
        if (view.runCount() > 1) {
            body.append("<h3>Trends across runs</h3>\n");
            for (String step : view.mainSteps()) {
                trend(id + "-trend-" + charts.size(), view, step);
            }
        }
        facts(view);
        body.append("</section>\n");
    }

    /**
     * Where the trials come from several hosts, per step a chart of its measure with the hosts side by
     * side (a bar per host and variant, with its 95% interval), under the sentences naming the slowest
     * and fastest host; nothing with one host.
     */
    private void hosts(String id, ExperimentView view) {
        List<HostBars> steps =
                view.mainSteps().stream()
                        .map(step -> HostBars.of(view, step))
                        .flatMap(Optional::stream)
                        .toList();
        if (steps.isEmpty()) {
            return;
        }
        body.append("<h3>Hosts side by side</h3>\n");
        for (HostBars bars : steps) {
            for (String sentence : bars.sentences()) {
                body.append("<p class=\"host-spread\">")
                        .append(Html.text(bars.step() + ": " + sentence))
                        .append("</p>\n");
            }
            chart(
                    id + "-hosts-" + charts.size(),
                    bars.step()
                            + ": "
                            + bars.metric()
                            + " per host and variant, mean with 95% CI whiskers",
                    ChartSpecs.hosts(bars),
                    "no trial of " + bars.step() + " has " + bars.metric());
        }
    }

    /**
     * What the host did over the measured steps, a chart per figure with a line per variant: CPU
     * utilisation and frequency, each device's IOPS and utilisation; nothing without host samples.
     */
    private void hostPanel(String id, ExperimentView view) {
        List<List<String>> figures = view.hostFigures();
        if (figures.isEmpty()) {
            return;
        }
        body.append("<h3>Host during the measured steps</h3>\n");
        for (List<String> figure : figures) {
            chart(
                    id + "-host-" + HostCharts.key(figure) + "-" + charts.size(),
                    HostCharts.title(figure) + " per variant, mean of the trials' intervals",
                    ChartSpecs.host(view, figure),
                    "no interval had it");
        }
    }

    /** Each variant's top waits over its measured phases, where the target's server gave waits. */
    private void waits(ExperimentView view) {
        if (view.waits().isEmpty()) {
            return;
        }
        body.append("<h3>Top waits of the measured phases</h3>\n");
        List<List<String>> rows = new ArrayList<>();
        for (TopWait w : view.waits()) {
            rows.add(
                    List.of(
                            w.host(),
                            w.variant(),
                            w.product(),
                            w.waitType() == null ? "" : w.waitType(),
                            w.name(),
                            String.valueOf(w.trials()),
                            w.percent(),
                            String.format(Locale.ROOT, "%.1f", w.waitMs())));
        }
        body.append(
                new Table(
                                "waits",
                                List.of(
                                        "host",
                                        "variant",
                                        "product",
                                        "wait type",
                                        "wait",
                                        "trials",
                                        "share",
                                        "ms per trial"),
                                rows,
                                Set.of(5, 6, 7))
                        .html());
    }

    /** The question, then each step's verdicts on its measure, as sentences. */
    private void answer(ExperimentView view) {
        List<String> steps = view.mainSteps();
        String measure = steps.isEmpty() ? VariantStats.DURATION : view.measures().of(steps.get(0));
        body.append("<div class=\"answer\"><p class=\"question\">")
                .append(Html.text(Question.of(view, measure)))
                .append("</p>\n");
        String shared = view.shared().of(view.experiment());
        if (!shared.isEmpty()) {
            // what the verdicts and charts no longer repeat
            body.append("<p class=\"shared-factors\">Every variant: ")
                    .append(Html.text(shared))
                    .append("</p>\n");
        }
        List<Comparison> verdicts =
                view.comparisons().stream()
                        .filter(c -> c.metric().equals(view.measures().of(c.step())))
                        .filter(c -> !ExperimentView.isSubStep(c.step()))
                        .toList();
        if (verdicts.isEmpty()) {
            body.append("<p class=\"none verdicts\">no two variants to compare</p>");
        } else {
            body.append("<ul class=\"verdicts\">");
            boolean named = steps.size() > 1;
            for (Comparison c : verdicts) {
                body.append("<li>")
                        .append(
                                Html.text(
                                        (named ? c.step() + ": " : "")
                                                + VerdictSentence.of(c, view.sharedFactors())));
                if (c.mechanism() != null) {
                    body.append("<span class=\"why\">why: ")
                            .append(Html.text(c.mechanism()))
                            .append("</span>");
                }
                body.append("</li>");
            }
            body.append("</ul>");
        }
        body.append("</div>\n");
    }

    private void note(String text) {
        body.append("<p class=\"none\">").append(Html.text(text)).append("</p>\n");
    }

    /** The chart, or where it has nothing to draw a line saying why. */
    private void chart(String id, String title, Map<String, Object> spec, String whyEmpty) {
        chart(id, title, spec, whyEmpty, "", "");
    }

    /** As {@link #chart(String, String, Map, String)}, with HTML of its own before and after it. */
    private void chart(
            String id,
            String title,
            Map<String, Object> spec,
            String whyEmpty,
            String before,
            String after) {
        Map<String, Object> drawn = ChartSpecs.withoutEmptyLines(spec);
        if (!ChartSpecs.hasData(drawn)) {
            note(title + ": not drawn, " + whyEmpty);
            return;
        }
        charts.put(id, drawn);
        body.append("<figure>")
                .append(before)
                .append("<figcaption>")
                .append(Html.text(title))
                .append("</figcaption><div class=\"chart\" data-chart=\"")
                .append(Html.text(id))
                .append("\"></div>")
                .append(after)
                .append("</figure>\n");
    }

    /**
     * A step's trend chart: an anchor per series (host, step, variant) before it, which the
     * dashboard's regressions link to, and under it each change point it marks, with an anchor of its
     * own.
     */
    private void trend(String id, ExperimentView view, String step) {
        StringBuilder anchors = new StringBuilder();
        view.runMeans().stream()
                .filter(m -> m.step().equals(step))
                .map(m -> TrendAnchor.series(m.host(), step, m.variant()))
                .distinct()
                .forEach(
                        a ->
                                anchors.append("<span class=\"anchor\" id=\"")
                                        .append(Html.text(a))
                                        .append("\"></span>"));
        StringBuilder points = new StringBuilder();
        for (Trend t : view.trends()) {
            if (!t.step().equals(step)) {
                continue;
            }
            for (ChangePoint cp : t.changePoints()) {
                points.append("<li class=\"")
                        .append(cp.worse() ? "worse" : "better")
                        .append("\" id=\"")
                        .append(
                                Html.text(
                                        TrendAnchor.changePoint(
                                                t.host(), step, t.variant(), cp.runId())))
                        .append("\">")
                        .append(Html.text(view.name(t.variant(), t.host(), "")))
                        .append(": ")
                        .append(
                                Html.text(
                                        ChangeSentence.of(
                                                cp, Direction.higherIsBetter(t.metric()))))
                        .append(" (")
                        .append(ChangeSentence.p(cp.p()))
                        .append(")</li>");
            }
        }
        chart(
                id,
                step + ": " + view.measures().of(step) + " per run",
                ChartSpecs.trend(view, step),
                "no run has a measured trial of " + step,
                anchors.toString(),
                points.isEmpty() ? "" : "<ul class=\"change-points\">" + points + "</ul>");
    }

    private void facts(ExperimentView view) {
        List<RunFacts> runs = view.runs();
        List<RunFacts> shown = runs.subList(Math.max(0, runs.size() - FACT_COLUMNS), runs.size());
        body.append("<details class=\"facts\"><summary>Host and target</summary>\n");
        if (shown.isEmpty()) {
            body.append("<p class=\"none\">no run facts (imported results)</p></details>\n");
            return;
        }
        if (shown.size() < runs.size()) {
            body.append("<p>the latest ")
                    .append(shown.size())
                    .append(" of ")
                    .append(runs.size())
                    .append(" runs</p>\n");
        }
        body.append(TableRows.facts(shown).html()).append("</details>\n");
    }

    /** A table per metric shown: the headline metrics first, then the durations they do not replace. */
    private void summary(ExperimentView view) {
        body.append("<h3>Summary</h3>\n");
        for (String metric : view.measures().rows().keySet()) {
            body.append("<h4>")
                    .append(Html.text(metric))
                    .append(
                            Direction.higherIsBetter(metric)
                                    ? " (higher is better)"
                                    : " (lower is better)")
                    .append("</h4>\n")
                    .append(TableRows.summary(view, metric).html());
        }
    }

    private void comparisons(ExperimentView view) {
        body.append("<h3>Comparisons</h3>\n");
        if (view.comparisons().isEmpty()) {
            body.append("<p class=\"none comparisons\">no comparisons</p>\n");
        } else {
            body.append(TableRows.comparisons(view.comparisons(), view.sharedFactors()).html());
        }
    }
}
