package storagebench.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.compare.ChangePoint;
import storagebench.compare.Comparison;
import storagebench.compare.Trend;
import storagebench.report.HostPoint;
import storagebench.report.IoPoint;
import storagebench.report.RunFacts;
import storagebench.report.RunMean;
import storagebench.report.SummaryRow;
import storagebench.report.ThroughputPoint;
import storagebench.report.TopWait;
import storagebench.report.VariantStats;

class HtmlPageTest {
    private static final String HOSTILE = "<script>alert('x')</script>\" café ü {{body}}";
    private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

    private static SummaryRow row(String variant, String step, double mean) {
        return new SummaryRow(
                HOSTILE,
                "h1",
                "",
                variant,
                step,
                3,
                mean,
                mean,
                0.1,
                mean - 0.1,
                mean + 0.1,
                mean + 0.1,
                0.2,
                0,
                1,
                Map.of(),
                Map.of(),
                null,
                null);
    }

    private static ExperimentView view(List<Comparison> comparisons) {
        List<SummaryRow> summary =
                List.of(
                        row("init=<zero>", "create", 2.0),
                        row("init=instant", "create", 0.01),
                        row("init=<zero>", "restore.idx_<a>", 1.0));
        return new ExperimentView(
                HOSTILE,
                List.of(
                        new RunFacts(
                                HOSTILE,
                                "r1",
                                T0,
                                Map.of("cpu_governor", "performance", "hostname", "<b>h1</b>"),
                                Map.of("kind", "local", "properties.note", "a \"quoted\" value"))),
                summary,
                comparisons,
                List.of(
                        new IoPoint(
                                HOSTILE, "file-<0>", "init=<zero>", 1, 1.0, 300, 3.0, 1.0, 500.0)),
                List.of(
                        new ThroughputPoint(
                                HOSTILE, "init=<zero>", "run", 1, 1.0, 1200.0, 540.0, 12.5),
                        new ThroughputPoint(
                                HOSTILE, "init=<zero>", "run", 2, 2.0, 1260.0, 560.0, 11.0)),
                List.of(
                        new HostPoint(HOSTILE, "init=<zero>", "cpu", "all", "busy", 1, 1.0, 0.5),
                        new HostPoint(
                                HOSTILE, "init=<zero>", "device", "<vda>", "iops", 1, 1.0, 310)),
                List.of(
                        new RunMean(HOSTILE, "h1", "", "init=<zero>", "create", "r1", T0, 3, 2.0),
                        new RunMean(
                                HOSTILE,
                                "h1",
                                "",
                                "init=<zero>",
                                "create",
                                "r2",
                                T0.plusSeconds(60),
                                3,
                                2.1)),
                null,
                Measures.ofDurations(summary),
                List.of(
                        new TopWait(
                                HOSTILE,
                                "h1",
                                "init=<zero>",
                                "postgresql",
                                "Lock",
                                "<tuple>",
                                2,
                                0.875,
                                1400.0,
                                1)),
                List.of(),
                List.of(slower()));
    }

    /** The trend of init=<zero>'s create over r1 and r2, slower from r2 on. */
    private static Trend slower() {
        List<Trend.RunMean> runs =
                List.of(
                        new Trend.RunMean("r1", T0, 3, 2.0, ""),
                        new Trend.RunMean("r2", T0.plusSeconds(60), 3, 2.1, ""));
        return new Trend(
                HOSTILE,
                "h1",
                "create",
                "init=<zero>",
                "duration",
                runs,
                0,
                "E-Divisive means",
                0.004,
                true,
                "REGRESSION",
                "changepoint",
                List.of(
                        new ChangePoint(
                                1,
                                "r2",
                                T0.plusSeconds(60),
                                2.0,
                                1.9,
                                2.1,
                                2.1,
                                2.0,
                                2.2,
                                0.004,
                                true)));
    }

    @Test
    void theTrendChartMarksEachChangePointAtItsRunWithItsRatioAndAnAnchor() {
        // when
        String page = HtmlPage.render(List.of(view(List.of())), "all trials", T0);
        Map<String, Object> spec = ChartSpecs.trend(view(List.of()), "create");
        // then: the line of init=<zero> has a mark at r2's start, labelled with the ratio
        String anchor = TrendAnchor.changePoint("h1", "create", "init=<zero>", "r2");
        assertThat(anchor).matches("trend-h1-create-init__zero_~[0-9a-f]{8}--r2");
        assertThat(spec.get("series").toString())
                .contains(
                        "marks=[{x="
                                + T0.plusSeconds(60).toEpochMilli()
                                + ", label=×1.05, worse=true, run=r2, anchor="
                                + anchor
                                + "}]");
        // and the page has the series' anchor and the change point's, in words under the chart
        assertThat(page)
                .contains(
                        "<span class=\"anchor\" id=\""
                                + TrendAnchor.series("h1", "create", "init=<zero>")
                                + "\"></span>")
                .contains(
                        "<li class=\"worse\" id=\""
                                + anchor
                                + "\">init=&lt;zero&gt;: ×1.05 slower since run r2 2026-11-30 10:01"
                                + " (p = 0.004)</li>");
    }

    @Test
    void everyValueFromTheDatasetIsEscaped() {
        // when
        String page = HtmlPage.render(List.of(view(List.of())), "--experiment " + HOSTILE, T0);
        // then: the name shows as text, in the title, the heading, the table and the chart data
        assertThat(page).doesNotContain("<script>alert", "<b>h1</b>", "init=<zero>", "file-<0>");
        assertThat(page)
                .contains(
                        "<h2>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot; café ü {{body}}</h2>");
        assertThat(page).contains("<title>storagebench report: &lt;script&gt;");
        assertThat(page).contains("&lt;b&gt;h1&lt;/b&gt;", "a &quot;quoted&quot; value");
        assertThat(page).contains("init=\\u003czero\\u003e");
        // and the page's own scripts are still there, once each
        assertThat(page.split("id=\"report-data\"", -1)).hasSize(2);
    }

    @Test
    void showsEverySectionAndNeedsNothingFromOutside() {
        // when
        String page = HtmlPage.render(List.of(view(List.of())), "all trials", T0);
        // then
        assertThat(page)
                .contains(
                        "Host and target",
                        "host.cpu_governor",
                        "performance",
                        "Variant means per step",
                        "Comparisons",
                        "no comparisons",
                        "Sub-steps of restore",
                        "IO per file",
                        "latency per IO, total vs device",
                        "Host during the measured steps",
                        "CPU utilisation per variant",
                        "&lt;vda&gt;: device IOPS per variant",
                        "Throughput over time",
                        "transactions per minute over the measured step",
                        "95th percentile of transaction latency per interval",
                        "Trends across runs",
                        "Top waits of the measured phases",
                        "&lt;tuple&gt;",
                        "87.5%");
        assertThat(page).contains("\"NOPM\"", "\"TPM\"");
        assertThat(page).contains("cap: init=\\u003czero\\u003e");
        assertThat(page).doesNotContainPattern("<script[^>]+src=");
        assertThat(page).doesNotContainPattern("<link[^>]+href=");
        assertThat(page).contains("default-src 'none'");
        assertThat(page).contains("echarts").hasSizeGreaterThan(1_000_000);
    }

    @Test
    void comparisonsAreListedWithTheirVerdicts() {
        // given
        Comparison faster =
                new Comparison(
                        HOSTILE,
                        "h1",
                        "",
                        "create",
                        "duration",
                        false,
                        "init=instant",
                        "init=<zero>",
                        Map.of(),
                        3,
                        3,
                        0.01,
                        2.0,
                        0.005,
                        0.004,
                        0.006,
                        0.005,
                        "Welch's t on log",
                        0.0001,
                        0.0001,
                        3,
                        "instant is faster by ×200 [×170, ×250]",
                        null);
        // when
        String page = HtmlPage.render(List.of(view(List.of(faster))), "all trials", T0);
        // then
        assertThat(page).doesNotContain("no comparisons");
        assertThat(page)
                .contains(
                        "instant is faster by ×200 [×170, ×250]",
                        "Welch&#39;s t on log",
                        "[×0.004, ×0.006]");
    }

    private static VariantStats stats(String variant, String metric, double mean) {
        return new VariantStats(
                "fio",
                "h1",
                "",
                variant,
                Map.of("threads", variant.substring(8)),
                "io",
                metric,
                null,
                0,
                null,
                3,
                mean,
                mean * mean / 100,
                mean,
                mean * 0.9,
                mean * 1.1,
                mean * 1.1,
                Math.log(mean),
                0.01,
                0,
                0);
    }

    /** A file-io experiment: a fixed 10 s step, measured by its IOPS. */
    private static ExperimentView fileIo(List<Comparison> comparisons, List<IoPoint> io) {
        List<VariantStats> stats =
                List.of(
                        stats("threads=1", "duration", 10.0),
                        stats("threads=8", "duration", 10.0),
                        stats("threads=1", "iops", 150.0),
                        stats("threads=8", "iops", 9000.0));
        return view("fio", stats, comparisons, io);
    }

    /** An experiment of these statistics, comparisons and IO samples, and nothing else. */
    private static ExperimentView view(
            String experiment,
            List<VariantStats> stats,
            List<Comparison> comparisons,
            List<IoPoint> io) {
        return new ExperimentView(
                experiment,
                List.of(),
                storagebench.report.Report.summary(stats),
                comparisons,
                io,
                List.of(),
                List.of(),
                List.of(),
                null,
                Measures.of(stats),
                List.of(),
                List.of(),
                List.of());
    }

    @Test
    void aFileIoPageLeadsWithItsVerdictOnIopsNotTheFixedDuration() {
        // given
        Comparison iops =
                new Comparison(
                        "fio",
                        "h1",
                        "",
                        "io",
                        "iops",
                        true,
                        "threads=1",
                        "threads=8",
                        Map.of(),
                        3,
                        3,
                        150.0,
                        9000.0,
                        0.0167,
                        0.012,
                        0.023,
                        0.0167,
                        "Welch's t-test on log values",
                        0.0001,
                        0.0001,
                        3,
                        "lower iops (worse) by ×60.0 [×43.5, ×83.3], p < 0.001",
                        null);
        IoPoint noDevice = new IoPoint("fio", "data", "threads=1", 1, 1.0, 150, 2.0, null, null);
        // when
        String page = HtmlPage.render(List.of(fileIo(List.of(iops), List.of(noDevice))), "", T0);
        // then: the answer right after the heading, the question naming the varied factor
        assertThat(page)
                .contains(
                        "<h2>fio</h2>\n<div class=\"answer\"><p class=\"question\">Does `threads`"
                                + " change iops?</p>\n<ul class=\"verdicts\"><li>threads=1 has lower"
                                + " iops (worse) than threads=8 by ×60.0 [×43.5, ×83.3], p &lt;"
                                + " 0.001</li>");
        // the summary and the chart are of IOPS, the 10 s duration nowhere
        assertThat(page).contains("<h4>iops (higher is better)</h4>", "io: iops per variant");
        assertThat(page).doesNotContain("<h4>duration", "io: duration per variant");
        // the means 60 times apart: a log axis
        assertThat(page).contains("\"unit\":\"iops\"").contains("\"log\":true");
        // no device latency: said, not drawn as an empty line
        assertThat(page).contains("no device latency was sampled for data");
        assertThat(page).doesNotContain("device: threads=1");
        // the facts last, folded
        assertThat(page.indexOf("<details class=\"facts\">"))
                .isGreaterThan(page.indexOf("IO per file"));
    }

    @Test
    void aChartWithNothingToDrawIsALineSayingWhy() {
        // given: IO samples without latency of any kind
        IoPoint bare = new IoPoint("fio", "data", "threads=1", 1, 1.0, 150, null, null, null);
        // when
        String page = HtmlPage.render(List.of(fileIo(List.of(), List.of(bare))), "", T0);
        // then
        assertThat(page)
                .contains(
                        "data: latency per IO, total vs device: not drawn, no latency was sampled"
                                + " for data")
                .doesNotContain("-latency-");
    }

    @Test
    void everyLineRunsForwardInTime() {
        // given: a variant's intervals out of order, and a step of its own
        ExperimentView view =
                new ExperimentView(
                        "oltp",
                        List.of(),
                        List.of(),
                        List.of(),
                        List.of(),
                        List.of(
                                new ThroughputPoint("oltp", "users=1", "run", 2, 10.0, 90, 40, 1.5),
                                new ThroughputPoint("oltp", "users=1", "run", 1, 5.0, 80, 35, 1.2),
                                new ThroughputPoint("oltp", "users=1", "load", 1, 5.0, 0, 0, 0.0)),
                        List.of(),
                        List.of(),
                        null,
                        Measures.ofDurations(List.of()),
                        List.of(),
                        List.of(),
                        List.of());
        // when
        Map<String, Object> spec = ChartSpecs.throughputLatency(view);
        // then: one line per step, each in the order of x
        assertThat(spec.get("series").toString())
                .isEqualTo(
                        "[{name=users=1: run, data=[[5.0, 1.2], [10.0, 1.5]], dashed=false},"
                                + " {name=users=1: load, data=[[5.0, 0.0]], dashed=false}]");
    }

    /** An imported pgbench log's interval: its header values are its variant's factors. */
    private static VariantStats interval(String clients, String metric, double mean) {
        Map<String, String> factors = new java.util.LinkedHashMap<>();
        factors.put("clients", clients);
        factors.put("scaling_factor", "2");
        return storagebench.report.StatsRows.moved(
                stats("threads=1", metric, mean),
                "pgb",
                "clients=" + clients + ", scaling_factor=2",
                factors,
                "progress");
    }

    private static ExperimentView pgbench(List<VariantStats> stats) {
        return pgbench(stats, List.of());
    }

    private static ExperimentView pgbench(List<VariantStats> stats, List<Comparison> comparisons) {
        return view("pgb", stats, comparisons, List.of());
    }

    @Test
    void theFactorsEveryVariantSharesAreSaidOnceAndEachVariantIsNamedByTheRest() {
        // given: two logs of different clients at the same scale
        List<VariantStats> two =
                List.of(
                        interval("2", "duration", 1.0),
                        interval("2", "tpm", 56_555),
                        interval("8", "duration", 1.0),
                        interval("8", "tpm", 61_000));

        Comparison tpm =
                new Comparison(
                        "pgb",
                        "h1",
                        "",
                        "progress",
                        "tpm",
                        true,
                        "clients=2, scaling_factor=2",
                        "clients=8, scaling_factor=2",
                        Map.of("scaling_factor", "2"),
                        3,
                        3,
                        56_555.0,
                        61_000.0,
                        0.927,
                        0.9,
                        0.95,
                        0.927,
                        "Welch's t-test on log values",
                        0.001,
                        0.001,
                        3,
                        "lower tpm (worse) by ×1.08 [×1.05, ×1.11], p = 0.001",
                        null);

        // when
        ExperimentView view = pgbench(two, List.of(tpm));
        String page = HtmlPage.render(List.of(view), "", T0);

        // then: the shared factor with the question, the verdict and each variant by its clients
        assertThat(page)
                .contains(
                        "change tpm?</p>\n<p class=\"shared-factors\">Every variant:"
                                + " scaling_factor=2</p>\n<ul class=\"verdicts\"><li>clients=2 has"
                                + " lower tpm (worse) than clients=8 by ×1.08 [×1.05, ×1.11], p ="
                                + " 0.001</li>")
                .contains("<td>clients=8</td>")
                .doesNotContain("clients=8, scaling_factor=2")
                .doesNotContain("<th>held fixed</th>");
        assertThat(view.name("clients=8, scaling_factor=2", "h1", "")).isEqualTo("clients=8");

        // and: one log alone, whose one variant needs no column
        ExperimentView one = pgbench(two.subList(0, 2));
        String alone = HtmlPage.render(List.of(one), "", T0);
        assertThat(alone)
                .contains("Every variant: clients=2, scaling_factor=2</p>")
                .doesNotContain("<th>variant</th>");
        assertThat(one.name("clients=2, scaling_factor=2", "h1", "")).isEqualTo("default");
    }
}
