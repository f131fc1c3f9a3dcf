package storagebench.workload.filegroup;

/**
 * Hands out data pages one at a time, as SQL Server allocates to a table: the 8 pages of an extent
 * in order, then a new extent in the file {@link ProportionalFill} chooses. Each file's extents are
 * taken from its start in order, so a file's next page is simply its page count.
 */
final class PageAllocator {
    static final int PAGES_PER_EXTENT = 8;
    private final ProportionalFill fill;
    private final long[] pages;
    private long allocated;
    private int current = -1;
    private int leftInExtent;

    /** @param freeExtents each file's free extents; its pages are numbered from 0 */
    PageAllocator(long[] freeExtents) {
        this.fill = new ProportionalFill(freeExtents);
        this.pages = new long[freeExtents.length];
    }

    /** The next page: which file, and the page's number in that file (from 0). */
    PageAddress next() {
        if (leftInExtent == 0) {
            current = fill.nextExtent();
            leftInExtent = PAGES_PER_EXTENT;
        }
        leftInExtent--;
        allocated++;
        return new PageAddress(current, pages[current]++);
    }

    /** Pages given to file {@code i} (from 0). */
    long pages(int i) {
        return pages[i];
    }

    /** The largest distance, in pages, between a file's page count and its proportional share. */
    double maxDeviationPages() {
        double max = 0;
        for (int i = 0; i < pages.length; i++) {
            max = Math.max(max, Math.abs(pages[i] - fill.share(i, allocated)));
        }
        return max;
    }

    /**
     * Where a page goes.
     *
     * @param file the file, from 0
     * @param page the page's number in the file, from 0
     */
    record PageAddress(int file, long page) {}
}
