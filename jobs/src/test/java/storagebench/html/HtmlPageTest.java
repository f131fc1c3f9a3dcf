package storagebench.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.compare.Comparison;
import storagebench.report.IoPoint;
import storagebench.report.RunFacts;
import storagebench.report.RunMean;
import storagebench.report.SummaryRow;
import storagebench.report.ThroughputPoint;

class HtmlPageTest {
    private static final String HOSTILE = "<script>alert('x')</script>\" café ü {{body}}";
    private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

    private static SummaryRow row(String variant, String step, double mean) {
        return new SummaryRow(
                HOSTILE,
                "h1",
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
                1);
    }

    private static ExperimentView view(List<Comparison> comparisons) {
        return new ExperimentView(
                HOSTILE,
                List.of(
                        new RunFacts(
                                HOSTILE,
                                "r1",
                                T0,
                                Map.of("cpu_governor", "performance", "hostname", "<b>h1</b>"),
                                Map.of("kind", "local", "properties.note", "a \"quoted\" value"))),
                List.of(
                        row("init=<zero>", "create", 2.0),
                        row("init=instant", "create", 0.01),
                        row("init=<zero>", "restore.idx_<a>", 1.0)),
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
                        new RunMean(HOSTILE, "h1", "init=<zero>", "create", "r1", T0, 3, 2.0),
                        new RunMean(
                                HOSTILE,
                                "h1",
                                "init=<zero>",
                                "create",
                                "r2",
                                T0.plusSeconds(60),
                                3,
                                2.1)));
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
                        "Throughput over time",
                        "transactions per minute over the measured step",
                        "95th percentile of transaction latency per interval",
                        "Trends across runs");
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
                        "instant is faster by ×200 [×170, ×250]");
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
}
