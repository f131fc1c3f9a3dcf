package storagebench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.BadInputException;
import storagebench.compare.CompareRequest;
import storagebench.compare.Comparison;
import storagebench.compare.Comparisons;
import storagebench.compare.Trend;
import storagebench.compare.Trends;

/**
 * Report, compare and trend over the hosts a {@link HostScope} keeps: seed 000's setup timed on a
 * laptop, a workstation and a server, each run's host labelled in its RunStarted (the server's run
 * recorded before runs carried labels).
 */
class HostScopeTest {
    @TempDir Path parquet;

    @BeforeEach
    void threeHosts() throws Exception {
        // given: the same variant on three hosts, five trials each
        double[][] seconds = {
            {216, 212, 220, 214, 218}, {62, 60, 63, 61, 64}, {762, 770, 755, 768, 760}
        };
        String[] hosts = {"laptop", "workstation", "server"};
        for (int h = 0; h < hosts.length; h++) {
            TrialsFixture fixture = new TrialsFixture();
            for (int i = 0; i < 5; i++) {
                fixture.trial(
                        "run-" + hosts[h],
                        "seed-000",
                        hosts[h],
                        "ifi=off",
                        "setup",
                        i,
                        false,
                        "OK",
                        seconds[h][i]);
            }
            fixture.write(parquet, "seed-000", "2026-11-30", hosts[h]);
        }
        run("laptop", "MAP {'disk': 'SSD', 'role': 'dev'}");
        run("workstation", "MAP {'disk': 'NVMe', 'role': 'dev'}");
        run("server", null);
    }

    @Test
    void aReportKeepsTheHostsApartAndOnlyThoseWithEveryLabelGiven() {
        // when
        List<SummaryRow> all = Report.summarize(parquet, ReportFilter.all());
        List<SummaryRow> dev =
                Report.summarize(parquet, ReportFilter.all().withHostLabels(Map.of("role", "dev")));
        List<SummaryRow> ssd =
                Report.summarize(
                        parquet,
                        ReportFilter.all().withHostLabels(Map.of("role", "dev", "disk", "SSD")));
        List<SummaryRow> none =
                Report.summarize(
                        parquet, ReportFilter.all().withHostLabels(Map.of("disk", "tape")));
        // then
        assertThat(all)
                .extracting(SummaryRow::host)
                .containsExactlyInAnyOrder("laptop", "server", "workstation");
        assertThat(dev)
                .extracting(SummaryRow::host)
                .containsExactlyInAnyOrder("laptop", "workstation");
        assertThat(ssd).extracting(SummaryRow::host).containsExactly("laptop");
        assertThat(none).isEmpty();
        assertThat(
                        ReportFilter.all()
                                .withHost("laptop")
                                .withHostLabels(Map.of("role", "dev", "disk", "SSD"))
                                .toString())
                .isEqualTo("--host laptop --host-label disk=SSD --host-label role=dev");
    }

    @Test
    void compareByHostAgainstABaselineHostWithinTheLabelledHosts() {
        // given
        CompareRequest byHost =
                new CompareRequest(
                        "seed-000",
                        Map.of(Comparisons.HOST, "server"),
                        true,
                        CompareRequest.DURATION,
                        List.of(),
                        false);
        // when
        List<Comparison> all = Comparisons.of(parquet, byHost);
        // then: the laptop and the workstation each against the server
        assertThat(all)
                .extracting(Comparison::host, Comparison::baseline)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("laptop", "server"),
                        org.assertj.core.groups.Tuple.tuple("workstation", "server"));
        assertThat(all).allMatch(c -> c.ratioOfMeans() < 1 && c.verdict().startsWith("faster"));
        // when: the developers' hosts only, the laptop the baseline
        List<Comparison> dev =
                Comparisons.of(
                        parquet,
                        new CompareRequest(
                                        "seed-000",
                                        Map.of(Comparisons.HOST, "laptop"),
                                        true,
                                        CompareRequest.DURATION,
                                        List.of(),
                                        false)
                                .withHosts(HostScope.of(null, Map.of("role", "dev"))));
        // then
        assertThat(dev)
                .extracting(Comparison::host, Comparison::baseline)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("workstation", "laptop"));
        // and a baseline host outside the scope is named with the hosts there are
        assertThatThrownBy(
                        () ->
                                Comparisons.of(
                                        parquet,
                                        byHost.withHosts(
                                                HostScope.of(null, Map.of("role", "dev")))))
                .isInstanceOf(BadInputException.class)
                .hasMessage(
                        "--baseline-host server: no such host among the trials compared; the"
                                + " hosts are: laptop, workstation");
    }

    @Test
    void aTrendCoversTheScopesHostsOnly() {
        // when
        List<Trend> all = Trends.of(parquet, "seed-000", CompareRequest.DURATION, 5);
        List<Trend> ssd =
                Trends.of(
                        parquet,
                        HostScope.of(null, Map.of("disk", "SSD")),
                        "seed-000",
                        CompareRequest.DURATION,
                        5);
        List<Trend> server =
                Trends.of(
                        parquet,
                        HostScope.of("server", Map.of()),
                        "seed-000",
                        CompareRequest.DURATION,
                        5);
        // then
        assertThat(all)
                .extracting(Trend::host)
                .containsExactlyInAnyOrder("laptop", "server", "workstation");
        assertThat(ssd).extracting(Trend::host).containsExactly("laptop");
        assertThat(server).extracting(Trend::host).containsExactly("server");
    }

    /** A runs file of the host's run: its labels, or (null) none, as before RunStarted v5. */
    private void run(String host, String labels) throws Exception {
        Path folder = Files.createDirectories(parquet.resolve("runs/experiment=seed-000"));
        String struct =
                "{'hostname': '"
                        + host
                        + "', 'settings': MAP {}::MAP(VARCHAR, VARCHAR)"
                        + (labels == null ? "" : ", 'labels': " + labels)
                        + "}";
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = duckdb.createStatement()) {
            s.execute(
                    "COPY (SELECT 'run-"
                            + host
                            + "' AS run_id, 'seed-000' AS experiment, 1 AS attempt,"
                            + " 'experiment: seed-000' AS config_text, '"
                            + "0".repeat(64)
                            + "' AS config_sha256, 'c1' AS configuration, MAP {'workload':"
                            + " 'setup'} AS configuration_values,"
                            + " TIMESTAMPTZ '2026-11-30 10:00:00+00' AS start_time, "
                            + struct
                            + " AS host) TO '"
                            + folder.resolve(host + ".parquet")
                            + "'");
        }
    }
}
