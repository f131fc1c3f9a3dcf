package storagebench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.report.TrialValue;

/** Seed 000's setup on three systems: the slowest host against the fastest, as compare says it. */
class HostSpreadTest {
    private final List<TrialValue> trials = new ArrayList<>();

    private void add(String host, String ifi, String metric, double... values) {
        for (double v : values) {
            trials.add(
                    new TrialValue(
                            "seed-000",
                            host,
                            "",
                            "import-" + host,
                            "ifi=" + ifi,
                            Map.of("ifi", ifi),
                            "setup",
                            trials.size(),
                            Instant.EPOCH,
                            v));
        }
    }

    private List<Comparison> byHost(String metric) {
        return Comparisons.of(
                trials, new CompareRequest(null, Map.of(), true, metric, List.of(), false));
    }

    @Test
    void theWorstHostAgainstTheBestPerVariantInCompareWords() {
        // given: setup times in seconds on each system, IFI off and on
        add("laptop", "off", "duration", 216, 212, 220);
        add("workstation", "off", "duration", 62, 60, 64);
        add("server", "off", "duration", 762, 770, 755);
        add("laptop", "on", "duration", 75, 77, 76);
        add("workstation", "on", "duration", 70, 71, 69);
        add("server", "on", "duration", 76, 78, 77);
        List<Comparison> compared = byHost("duration");
        // when
        List<Comparison> widest = HostSpread.widest(compared);
        // then: per variant, the server against the workstation (compare's baseline: the fastest)
        assertThat(widest)
                .extracting(Comparison::variant, Comparison::host, Comparison::baseline)
                .containsExactly(
                        tuple("ifi=off", "server", "workstation"),
                        tuple("ifi=on", "server", "workstation"));
        Comparison off = widest.get(0);
        assertThat(compared).contains(off);
        assertThat(off.ratioOfMeans()).isGreaterThan(12);
        assertThat(HostSpread.sentence(off))
                .isEqualTo(
                        "slowest host server, fastest workstation: server is "
                                + off.verdict().substring(0, off.verdict().indexOf(" by ×"))
                                + " than workstation"
                                + off.verdict().substring(off.verdict().indexOf(" by ×"))
                                + ", at ifi=off")
                .startsWith("slowest host server, fastest workstation: server is slower than")
                .contains("by ×12.3 [");
    }

    @Test
    void whereHigherIsBetterTheLowestAgainstTheHighest() {
        // given
        add("laptop", "off", "iops", 900, 950, 920);
        add("workstation", "off", "iops", 4000, 4100, 3900);
        add("server", "off", "iops", 300, 310, 290);
        // when
        List<Comparison> widest = HostSpread.widest(byHost("iops"));
        // then
        assertThat(widest).hasSize(1);
        assertThat(HostSpread.sentence(widest.get(0)))
                .startsWith(
                        "lowest iops on server, highest on workstation: server has lower iops"
                                + " (worse) than workstation by ×13.3 [")
                .endsWith(", at ifi=off");
    }

    @Test
    void noDifferenceIsSaidAsCompareSaysIt() {
        // given: two hosts whose trials overlap
        add("laptop", "off", "duration", 10, 14, 12);
        add("workstation", "off", "duration", 11, 13, 12.5);
        // when
        List<Comparison> widest = HostSpread.widest(byHost("duration"));
        // then
        assertThat(HostSpread.sentence(widest.get(0)))
                .startsWith("slowest host workstation, fastest laptop: workstation against laptop")
                .contains(": no difference detected (n = 3 vs 3");
    }
}
