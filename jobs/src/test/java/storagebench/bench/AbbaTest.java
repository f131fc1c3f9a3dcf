package storagebench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static storagebench.bench.Abba.Side.A;
import static storagebench.bench.Abba.Side.B;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AbbaTest {
    @Test
    void theScheduleAlternatesWhichSideGoesFirst() {
        // when / then
        assertThat(Abba.schedule(1)).containsExactly(A, B);
        assertThat(Abba.schedule(5)).containsExactly(A, B, B, A, A, B, B, A, A, B);
        assertThat(Abba.schedule(4).stream().filter(s -> s == A).count()).isEqualTo(4);
    }

    @Test
    void runsTheWarmUpPairFirstThenThePairsInScheduleOrder() throws Exception {
        // given: each measurement records its side and pair
        List<String> ran = new ArrayList<>();
        // when
        Abba.Paired<String> paired =
                Abba.run(
                        3,
                        true,
                        pair -> {
                            ran.add("A" + pair);
                            return "a" + pair;
                        },
                        pair -> {
                            ran.add("B" + pair);
                            return "b" + pair;
                        });
        // then
        assertThat(ran).containsExactly("A-1", "B-1", "A0", "B0", "B1", "A1", "A2", "B2");
        assertThat(paired.as()).containsExactly("a0", "a1", "a2");
        assertThat(paired.bs()).containsExactly("b0", "b1", "b2");
        assertThat(paired.pairs()).extracting(Abba.Pair::order).containsExactly("AB", "BA", "AB");
    }

    @Test
    void runsNoWarmUpUnlessAskedAndRefusesNoPairs() throws Exception {
        // given
        List<Integer> ran = new ArrayList<>();
        // when
        Abba.run(2, false, pair -> ran.add(pair), pair -> ran.add(pair));
        // then
        assertThat(ran).containsExactly(0, 0, 1, 1);
        assertThatThrownBy(() -> Abba.run(0, false, p -> 1, p -> 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void eachPairsRatioFromItsOwnTwoMeasurements() throws Exception {
        // given: a machine slowing down; B is always 2 × A of the same pair
        Abba.Paired<Double> paired =
                Abba.run(4, false, pair -> 10.0 * (pair + 1), pair -> 20.0 * (pair + 1));
        // when
        PairRatios ratios = paired.ratios(p -> p.b() / p.a());
        // then
        assertThat(ratios.ratios()).containsExactly(2, 2, 2, 2);
        assertThat(ratios.orders()).containsExactly("AB", "BA", "AB", "BA");
    }
}
