package storagebench.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.compare.CompareRequest;
import storagebench.compare.Comparisons;
import storagebench.compare.HostSpread;
import storagebench.report.ReportFilter;
import storagebench.report.RunFacts;
import storagebench.report.SummaryRow;
import storagebench.report.TrialsFixture;

/** Seed 000's setup on three systems, side by side: which hosts, their bars and the sentence. */
class HostBarsTest {
    @TempDir Path tmp;
    private Path parquet;

    @BeforeEach
    void seed000() throws Exception {
        parquet = tmp.resolve("parquet");
        TrialsFixture trials = new TrialsFixture();
        double[][] seconds = {
            {216, 212, 220, 75, 77, 76}, {62, 60, 64, 70, 71, 69}, {762, 770, 755, 76, 78, 77}
        };
        String[] hosts = {"laptop", "workstation", "server"};
        for (int h = 0; h < hosts.length; h++) {
            for (int i = 0; i < 6; i++) {
                trials.trial(
                        "import-" + hosts[h],
                        "seed-000",
                        hosts[h],
                        i < 3 ? "ifi=off" : "ifi=on",
                        "setup",
                        i,
                        false,
                        "OK",
                        seconds[h][i]);
            }
        }
        trials.write(parquet, "seed-000", "2024-03-04", "seed000");
    }

    private static ExperimentView view(ReportFilter filter, Path parquet) {
        List<ExperimentView> views = ExperimentView.read(parquet, filter);
        assertThat(views).hasSize(1);
        return views.get(0);
    }

    @Test
    void threeHostsSideBySideWithTheVariantChartsIntervalsAndComparesVerdict() {
        // given
        ExperimentView view = view(ReportFilter.all(), parquet);
        // when
        HostBars bars = HostBars.of(view, "setup").orElseThrow();
        // then: a bar per host and variant, the summary rows the variant chart draws
        assertThat(bars.metric()).isEqualTo("duration");
        assertThat(bars.variants()).containsExactly("ifi=off", "ifi=on");
        assertThat(bars.hosts())
                .extracting(HostBars.Host::name)
                .containsExactlyInAnyOrder("laptop", "workstation", "server");
        List<SummaryRow> drawn = view.measures().of("setup", "duration");
        for (HostBars.Host host : bars.hosts()) {
            assertThat(host.label()).isEqualTo(host.name());
            assertThat(host.rows()).hasSize(2).doesNotContainNull();
            assertThat(drawn).containsAll(host.rows());
            assertThat(host.rows()).allMatch(r -> r.host().equals(host.name()));
        }
        HostBars.Host server =
                bars.hosts().stream().filter(h -> h.name().equals("server")).findFirst().get();
        assertThat(server.rows().get(0).mean()).isCloseTo(762.333, offset(0.001));
        // and the chart: a series per host, its means and intervals in seconds, on a log axis
        // (server's 762 s against workstation's 62 s)
        Map<String, Object> spec = ChartSpecs.hosts(bars);
        assertThat(spec.get("kind")).isEqualTo("groupedMeans");
        assertThat(spec.get("unit")).isEqualTo("s");
        assertThat(spec.get("log")).isEqualTo(true);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> series = (List<Map<String, Object>>) spec.get("series");
        assertThat(series).hasSize(3);
        Map<String, Object> serverSeries =
                series.stream().filter(s -> s.get("name").equals("server")).findFirst().get();
        assertThat(serverSeries.get("low"))
                .isEqualTo(List.of(server.rows().get(0).ciLow(), server.rows().get(1).ciLow()));
        assertThat(serverSeries.get("high"))
                .isEqualTo(List.of(server.rows().get(0).ciHigh(), server.rows().get(1).ciHigh()));
        // and the sentences: compare --by host's verdict of the slowest host against the fastest
        List<String> compared =
                HostSpread.widest(
                                Comparisons.of(
                                        parquet,
                                        new CompareRequest(
                                                "seed-000",
                                                Map.of(),
                                                true,
                                                "duration",
                                                List.of(),
                                                false)))
                        .stream()
                        .map(HostSpread::sentence)
                        .toList();
        assertThat(bars.sentences())
                .isEqualTo(compared)
                .hasSize(2)
                .allMatch(s -> s.startsWith("slowest host server, fastest workstation: server is"));
        assertThat(bars.sentences().get(0)).contains("slower than workstation by ×12.3 [");
    }

    @Test
    void oneHostHasNoneAndThePageNoChart() {
        // given: the report of one host
        ExperimentView view = view(ReportFilter.all().withHost("server"), parquet);
        // when
        Optional<HostBars> bars = HostBars.of(view, "setup");
        // then
        assertThat(bars).isEmpty();
        assertThat(view.hostComparisons()).isEmpty();
        String page = HtmlPage.render(List.of(view), "all", Instant.EPOCH);
        assertThat(page).doesNotContain("Hosts side by side", "-hosts-", "host-spread");
        assertThat(
                        HtmlPage.render(
                                List.of(view(ReportFilter.all(), parquet)), "all", Instant.EPOCH))
                .contains("<h3>Hosts side by side</h3>", "data-chart=\"experiment-0-hosts-")
                .contains(
                        "<p class=\"host-spread\">setup: slowest host server, fastest workstation");
    }

    @Test
    void aHostIsNamedWithTheLabelsOfItsLatestRun() {
        // given
        List<RunFacts> runs =
                List.of(
                        facts("r1", Map.of("hostname", "server", "labels.role", "test")),
                        facts("r2", Map.of("hostname", "laptop", "labels.disk", "SSD")),
                        facts(
                                "r3",
                                Map.of(
                                        "hostname",
                                        "server",
                                        "labels.role",
                                        "prod",
                                        "labels.disk",
                                        "RAID10 10K SAS")),
                        facts("r4", Map.of("hostname", "workstation")));
        // then
        assertThat(HostBars.label(runs, "server"))
                .isEqualTo("server (disk=RAID10 10K SAS, role=prod)");
        assertThat(HostBars.label(runs, "laptop")).isEqualTo("laptop (disk=SSD)");
        assertThat(HostBars.label(runs, "workstation")).isEqualTo("workstation");
        assertThat(HostBars.label(runs, "imported")).isEqualTo("imported");
    }

    private static RunFacts facts(String run, Map<String, String> host) {
        return new RunFacts("seed-000", run, Instant.EPOCH, host, Map.of());
    }
}
