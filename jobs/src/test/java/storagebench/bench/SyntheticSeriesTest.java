package storagebench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The synthetic series of {@code bench changepoints}: the same from the same seed, as described. */
class SyntheticSeriesTest {

    @Test
    void theSameSeedGivesTheSameSeries() {
        // when
        List<SyntheticSeries> a = SyntheticSeries.validation(2026, 12);
        List<SyntheticSeries> b = SyntheticSeries.validation(2026, 12);
        // then
        for (int i = 0; i < a.size(); i++) {
            assertThat(a.get(i).means()).containsExactly(b.get(i).means());
            assertThat(a.get(i).changeAt()).isEqualTo(b.get(i).changeAt());
        }
    }

    @Test
    void aThirdHasNoChangeAndTheOthersChangeAtAKnownRun() {
        // when
        List<SyntheticSeries> all = SyntheticSeries.validation(7, 600);
        // then
        assertThat(all).filteredOn(s -> s.shape() == SyntheticSeries.Shape.NONE).hasSize(200);
        assertThat(all)
                .allSatisfy(
                        s -> {
                            assertThat(s.runs()).isBetween(50, 200);
                            assertThat(s.noise()).isBetween(0.01, 0.05);
                            if (s.shape() != SyntheticSeries.Shape.NONE) {
                                assertThat(s.changeAt()).isBetween(s.runs() / 4, 3 * s.runs() / 4);
                            }
                        });
        assertThat(all)
                .filteredOn(s -> s.shape() == SyntheticSeries.Shape.STEP)
                .extracting(s -> Math.abs(s.change()))
                .allSatisfy(c -> assertThat(c).isBetween(0.02, 0.20));
        assertThat(all)
                .filteredOn(s -> s.shape() == SyntheticSeries.Shape.STEP_5)
                .allSatisfy(
                        s -> {
                            assertThat(s.noise()).isEqualTo(0.01);
                            assertThat(s.change()).isEqualTo(0.05);
                        });
    }

    @Test
    void aStepMovesTheLevelByItsSize() {
        // given: a 10% step at 1% noise, no outlier drawn in this one (seeded)
        SyntheticSeries s =
                SyntheticSeries.of(
                        SyntheticSeries.Shape.STEP,
                        0.01,
                        false,
                        100,
                        0.10,
                        200,
                        new java.util.SplittableRandom(3));
        double[] m = s.means();
        // then: the medians of the two halves are about 10% apart
        double before = PairRatios.median(java.util.Arrays.copyOfRange(m, 0, 100));
        double after = PairRatios.median(java.util.Arrays.copyOfRange(m, 100, 200));
        assertThat(after / before).isBetween(1.09, 1.11);
    }
}
