package storagebench.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import storagebench.html.TrendAnchor;
import storagebench.report.RegressionRow;

/** How the dashboard's regressions list shows a change point: its link and its confirmation. */
class DashboardControllerTest {
    private final DashboardController format =
            new DashboardController(null, null, null, null, null, null, null);

    private static RegressionRow row(String changePointRun, Boolean confirmed, String rerun) {
        return new RegressionRow(
                "night ly",
                "r5",
                "nightly",
                "db-1",
                "create",
                "init=zero",
                "duration",
                0.31,
                0.001,
                "REGRESSION",
                Instant.EPOCH,
                List.of("r1", "r2"),
                null,
                changePointRun,
                confirmed,
                rerun);
    }

    @Test
    void aRegressionLinksToItsChangePointOnTheTrendChart() {
        assertThat(format.chart(row("r4", true, "r6")))
                .isEqualTo(
                        "/experiments/night%20ly/report#"
                                + TrendAnchor.changePoint("db-1", "create", "init=zero", "r4"));
        // one of the window method, to its series
        assertThat(format.chart(row(null, null, null)))
                .endsWith("#" + TrendAnchor.series("db-1", "create", "init=zero"));
    }

    @Test
    void aRegressionARerunDidNotConfirmIsShownAsSuch() {
        assertThat(format.confirmation(row("r4", false, "r6")))
                .isEqualTo("not confirmed (noise?): rerun r6");
        assertThat(format.confirmation(row("r4", true, "r6"))).isEqualTo("confirmed by rerun r6");
        assertThat(format.confirmation(row("r4", null, null))).isEmpty();
        assertThat(row("r4", false, "r6").unconfirmed()).isTrue();
    }
}
