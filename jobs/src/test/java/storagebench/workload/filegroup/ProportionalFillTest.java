package storagebench.workload.filegroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProportionalFillTest {

    @Test
    void equalFreeSpaceFillsTheFilesRoundRobinOneExtentAtATime() {
        // given
        ProportionalFill fill = new ProportionalFill(new long[] {10, 10, 10, 10});
        // when
        List<Integer> order = take(fill, 12);
        // then
        assertThat(order).containsExactly(0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3);
    }

    @Test
    void twiceTheFreeSpaceGetsTwoExtentsForEachOfTheOthers() {
        // given
        ProportionalFill fill = new ProportionalFill(new long[] {100, 200});
        // when
        List<Integer> order = take(fill, 30);
        // then: in every run of 3 extents, one to file 0 and two to file 1
        for (int start = 0; start < 30; start += 3) {
            assertThat(order.subList(start, start + 3))
                    .as("extents %d..%d", start, start + 2)
                    .containsExactlyInAnyOrder(0, 1, 1);
        }
    }

    @Test
    void aMuchLargerFileGetsConsecutiveExtents() {
        // given
        ProportionalFill fill = new ProportionalFill(new long[] {10, 100});
        // when
        List<Integer> order = take(fill, 11);
        // then
        assertThat(order.stream().filter(f -> f == 1).count()).isEqualTo(10);
        assertThat(order).containsSubsequence(1, 1, 1, 1, 1, 1, 1, 1, 1);
    }

    @Test
    void unequalFreeSpaceKeepsEveryFileWithinOneExtentOfItsShareAtEveryStep() {
        // given: shares that make a plain largest-deficit choice fall more than an extent behind
        long[] free = {37, 242, 921, 42, 3, 1};
        ProportionalFill fill = new ProportionalFill(free);
        long total = 37 + 242 + 921 + 42 + 3 + 1;
        // when / then
        for (long t = 1; t <= total; t++) {
            fill.nextExtent();
            long[] given = fill.given();
            for (int i = 0; i < free.length; i++) {
                assertThat(Math.abs(given[i] - fill.share(i, t)))
                        .as("file %d after %d extents", i, t)
                        .isLessThan(1.0);
            }
        }
        assertThat(fill.given()).containsExactly(free);
    }

    @Test
    void aFileWithoutFreeSpaceIsNeverChosenAndAFullFilegroupRefusesMore() {
        // given
        ProportionalFill fill = new ProportionalFill(new long[] {2, 0, 3});
        // when
        List<Integer> order = take(fill, 5);
        // then
        assertThat(order).doesNotContain(1).hasSize(5);
        assertThatThrownBy(fill::nextExtent)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("full");
    }

    private static List<Integer> take(ProportionalFill fill, int extents) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < extents; i++) {
            order.add(fill.nextExtent());
        }
        return order;
    }
}
