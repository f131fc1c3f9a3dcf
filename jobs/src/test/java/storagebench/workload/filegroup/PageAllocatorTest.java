package storagebench.workload.filegroup;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import storagebench.workload.filegroup.PageAllocator.PageAddress;

class PageAllocatorTest {

    @Test
    void fillsAnExtentOfEightConsecutivePagesBeforeTheNextFile() {
        // given
        PageAllocator allocator = new PageAllocator(new long[] {4, 4});
        // when
        List<PageAddress> pages = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            pages.add(allocator.next());
        }
        // then
        for (int i = 0; i < 24; i++) {
            int extent = i / 8;
            assertThat(pages.get(i))
                    .as("page %d", i)
                    .isEqualTo(new PageAddress(extent % 2, (extent / 2) * 8L + i % 8));
        }
    }

    @Test
    void pageCountsStayWithinOneExtentOfTheProportionalShare() {
        // given: equal files as in the seed, and unequal ones
        for (long[] free :
                List.of(new long[] {320, 320, 320, 320, 320}, new long[] {3, 5, 11, 40})) {
            PageAllocator allocator = new PageAllocator(free);
            long capacity = Arrays.stream(free).sum() * PageAllocator.PAGES_PER_EXTENT;
            // when / then
            for (long p = 1; p <= capacity; p++) {
                allocator.next();
                assertThat(allocator.maxDeviationPages())
                        .as("after %d pages", p)
                        .isLessThanOrEqualTo(PageAllocator.PAGES_PER_EXTENT);
            }
            for (int i = 0; i < free.length; i++) {
                assertThat(allocator.pages(i)).isEqualTo(free[i] * PageAllocator.PAGES_PER_EXTENT);
            }
        }
    }
}
