package storagebench.workload.oltp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TpccRandomTest {
    private final TpccRandom.Constants load = TpccRandom.Constants.forLoad(new SplittableRandom(7));
    private final TpccRandom random = new TpccRandom(new SplittableRandom(1), load);

    @Test
    void nurandStaysInItsRangeAndFavoursSomeValues() {
        // when
        int[] counts = new int[3001];
        for (int i = 0; i < 300_000; i++) {
            counts[random.customerId(3000)]++;
        }
        // then: every draw from 1 to 3000, and far from uniform (a uniform draw gives ~100 each)
        assertThat(counts[0]).isZero();
        int most = 0;
        for (int c = 1; c <= 3000; c++) {
            most = Math.max(most, counts[c]);
        }
        assertThat(most).isGreaterThan(300);
    }

    @Test
    void theRunsLastNameConstantKeepsItsDistanceFromTheLoads() {
        for (int seed = 0; seed < 1000; seed++) {
            // when
            TpccRandom.Constants run =
                    TpccRandom.Constants.forRun(load, new SplittableRandom(seed));
            // then: clause 2.1.6.1
            int delta = Math.abs(run.cLast() - load.cLast());
            assertThat(delta).isBetween(65, 119).isNotIn(96, 112);
        }
    }

    @Test
    void lastNamesAreThreeSyllablesOfTheNumbersDigits() {
        assertThat(TpccRandom.lastName(0)).isEqualTo("BARBARBAR");
        assertThat(TpccRandom.lastName(371)).isEqualTo("PRICALLYOUGHT");
        assertThat(TpccRandom.lastName(999)).isEqualTo("EINGEINGEING");
        // a small schema's customers hold the first names only, and the run asks for those
        Set<String> asked = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            asked.add(random.lastNameForRun(30));
        }
        Set<String> loaded = new HashSet<>();
        for (int n = 0; n < 30; n++) {
            loaded.add(TpccRandom.lastName(n));
        }
        assertThat(loaded).containsAll(asked);
    }

    @Test
    void dataHoldsOriginalInAboutOneRowInTen() {
        // when
        int original = 0;
        for (int i = 0; i < 10_000; i++) {
            String data = random.data();
            assertThat(data.length()).isBetween(26, 50);
            if (data.contains("ORIGINAL")) {
                original++;
            }
        }
        // then
        assertThat(original).isBetween(800, 1200);
        assertThat(random.zip()).hasSize(9).endsWith("11111");
    }
}
