package storagebench.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.Node;
import org.junit.jupiter.api.Test;

class StallReportTest {
    private static final Node ONE = new Node(1, "10.224.1.2", 44513);
    private static final Node TWO = new Node(2, "10.224.2.2", 33433);

    // the leaders are passed in: no connection is needed to name a change
    private final StallReport report = new StallReport(null, "storagebench.events");

    @Test
    void aLeaderNamedAsBeforeByASlowPublishAndGoneByTheNextIsNamedAsLost() {
        // given: a slow publish whose producer still named the cut-off leader when it ended
        Map<Integer, Node> named = report.unchanged(Map.of(3, TWO), Map.of(3, TWO), Set.of(3));

        // when: the next publish starts on metadata that names the new leader
        var moved = report.movedSince(named, Map.of(3, ONE));

        // then
        assertThat(named).containsEntry(3, TWO);
        assertThat(moved)
                .contains(
                        "after the slow publish: broker 2 (10.224.2.2:33433) leader of"
                                + " storagebench.events-3 was lost; broker 1 leads it now");
    }

    @Test
    void nothingIsSaidWhileTheNamedLeaderStillLeadsOrAChangeWasAlreadyNamed() {
        assertThat(report.movedSince(Map.of(3, TWO), Map.of(3, TWO))).isEmpty();
        assertThat(report.movedSince(Map.of(3, TWO), Map.of())).isEmpty();
        assertThat(report.unchanged(Map.of(3, TWO), Map.of(3, ONE), Set.of(3))).isEmpty();
    }
}
