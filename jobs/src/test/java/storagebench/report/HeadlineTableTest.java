package storagebench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HeadlineTableTest {
    private static VariantStats nopm(String users, double mean, double variance) {
        return new VariantStats(
                "oltp",
                "vm",
                "",
                "virtual-users=" + users,
                Map.of("virtual-users", users),
                "run",
                "nopm",
                null,
                Long.parseLong(users),
                null,
                2,
                mean,
                variance,
                mean,
                mean - 1,
                mean + 1,
                mean + 1,
                null,
                null,
                0,
                1);
    }

    @Test
    void ratiosAreToTheHighestMeanWhereHigherIsBetter() {
        // given: 11,221.5 and 15,136.5 new orders a minute
        List<VariantStats> stats = List.of(nopm("1", 11_221.5, 2.0), nopm("4", 15_136.5, 2.0));

        // when
        String table = HeadlineTable.render("nopm", true, stats);

        // then: the better variant ×1.00, the other its share of it; then the failed and warm-up
        // trials
        assertThat(table)
                .startsWith("\nnopm (higher is better)\n")
                .contains("×virtual-users")
                .containsPattern("virtual-users=1 +run +2 +11,222 .* ×0\\.74 +0 +1\n")
                .containsPattern("virtual-users=4 +run +2 +15,137 .* ×1\\.00 +0 +1\n");
        // and lower is better the other way round
        assertThat(HeadlineTable.render("nopm", false, stats))
                .containsPattern("virtual-users=1 .* ×1\\.00 +0 +1\n")
                .containsPattern("virtual-users=4 .* ×1\\.35 +0 +1\n");
    }

    @Test
    void figuresHaveTheDecimalsTheirSizeCallsFor() {
        assertThat(HeadlineTable.number(15_136.5)).isEqualTo("15,137");
        assertThat(HeadlineTable.number(231.44)).isEqualTo("231.4");
        assertThat(HeadlineTable.number(16.719)).isEqualTo("16.72");
        assertThat(HeadlineTable.number(0.08312)).isEqualTo("0.0831");
        assertThat(HeadlineTable.number(0.0)).isEqualTo("0.00");
        assertThat(HeadlineTable.number(null)).isEqualTo("-");
        assertThat(HeadlineTable.render("nopm", true, List.of())).isEmpty();
    }
}
