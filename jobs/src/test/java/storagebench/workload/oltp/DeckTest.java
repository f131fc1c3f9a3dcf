package storagebench.workload.oltp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DeckTest {
    @Test
    void everyHundredCardsHoldTheMixExactlyInAnotherOrder() {
        // given: TPC-C's five types, 45/43/4/4/4
        TpccMix tpcc = new TpccMix(1, TpccScale.STANDARD, false, 1);
        Deck deck = new Deck(tpcc.types(), new SplittableRandom(3));
        StringBuilder first = new StringBuilder();
        StringBuilder second = new StringBuilder();
        for (int round = 0; round < 50; round++) {
            // when
            int[] counts = new int[5];
            for (int i = 0; i < 100; i++) {
                int type = deck.next();
                counts[type]++;
                (round == 0 ? first : round == 1 ? second : new StringBuilder()).append(type);
            }
            // then
            assertThat(counts).containsExactly(45, 43, 4, 4, 4);
        }
        assertThat(first.toString()).isNotEqualTo(second.toString());
    }
}
