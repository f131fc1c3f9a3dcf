package storagebench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class PairRatiosTest {
    @Test
    void medianAndRangeOfThePairsRatios() {
        // given
        PairRatios r =
                new PairRatios(
                        new double[] {1.10, 0.95, 1.02, 1.30, 1.00},
                        List.of("AB", "BA", "AB", "BA", "AB"),
                        1.5,
                        2.25);
        // then
        assertThat(r.median()).isEqualTo(1.02);
        assertThat(r.min()).isEqualTo(0.95);
        assertThat(r.max()).isEqualTo(1.30);
        assertThat(r.summary("b / a"))
                .isEqualTo(
                        "b / a: median 1.020 (range 0.950 to 1.300) over 5 ABBA pairs, each 1.100"
                                + " (AB) 0.950 (BA) 1.020 (AB) 1.300 (BA) 1.000 (AB); load average"
                                + " 1.50 before, 2.25 after");
    }

    @Test
    void anEvenCountsMedianIsTheMeanOfTheMiddleTwoAndTheInputStaysAsItWas() {
        // given
        double[] values = {4, 1, 3, 2};
        // then
        assertThat(PairRatios.median(values)).isEqualTo(2.5);
        assertThat(values).containsExactly(4, 1, 3, 2);
        assertThat(PairRatios.median(List.of(4L, 1L, 3L))).isEqualTo(3);
    }

    @Test
    void quantilesOfAList() {
        // given: 1 .. 11
        List<Integer> values = List.of(11, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
        // then
        assertThat(PairRatios.quantile(values, 0.5)).isEqualTo(6);
        assertThat(PairRatios.quantile(values, 0.9)).isBetween(10.0, 11.0);
        assertThat(PairRatios.quantile(values, 1.0)).isEqualTo(11);
    }

    @Test
    void refusesNoPairsOrAnOrderMissing() {
        assertThatThrownBy(() -> new PairRatios(new double[0], List.of(), 0, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PairRatios(new double[] {1}, List.of(), 0, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
