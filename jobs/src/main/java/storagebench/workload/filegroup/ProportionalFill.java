package storagebench.workload.filegroup;

/**
 * Chooses the file of each new extent so that every file receives extents in proportion to its
 * free space when the filegroup was opened: SQL Server's proportional fill, made deterministic.
 *
 * <p>File {@code i} starts with {@code free[i]} free extents out of {@code total}; its share of the
 * first {@code t} extents is {@code t × free[i] / total}. Extent number {@code t + 1} goes to the
 * file with the earliest <em>due extent</em>, {@code (given[i] + 1) × total / free[i]}: the extent
 * number at which that file would fall a whole extent behind its share if it got nothing more.
 * Only files below their share of the first {@code t + 1} extents may be chosen
 * ({@code given[i] × total < (t + 1) × free[i]}); ties go to the lowest file number. All arithmetic
 * is on whole numbers.
 *
 * <p>So with equal free space the files are filled round-robin, one extent at a time, in file order;
 * with unequal free space a file with k times the free space of another gets k extents for each one
 * of the other's, several of them in a row. The eligibility rule never lets a file get a whole extent
 * ahead of its share, and earliest-due-first (the deadline rule of the chairman assignment problem)
 * keeps it from falling a whole extent behind, so a file's page count stays within 8 pages of its
 * share; ProportionalFillTest checks this step by step. A full file is never below its share, so it
 * is never chosen while the filegroup has room.
 *
 * <p>SQL Server re-reads the files' free space from time to time; here the shares are fixed when the
 * filegroup opens. Allocating in proportion keeps the free space in the same proportion, so the two
 * agree; they would differ only if the files were also written some other way during the trial.
 */
final class ProportionalFill {
    private final long[] free;
    private final long[] given;
    private final long total;
    private long allocated;

    ProportionalFill(long[] freeExtents) {
        this.free = freeExtents.clone();
        this.given = new long[free.length];
        long sum = 0;
        for (long f : free) {
            if (f < 0) {
                throw new IllegalArgumentException("free extents cannot be negative: " + f);
            }
            sum += f;
        }
        this.total = sum;
    }

    /** The file (from 0) that receives the next extent. */
    int nextExtent() {
        if (allocated >= total) {
            throw new IllegalStateException(
                    "the filegroup is full: " + total + " extents allocated");
        }
        int chosen = -1;
        for (int i = 0; i < free.length; i++) {
            boolean behind = given[i] * total < (allocated + 1) * free[i];
            if (behind
                    && (chosen < 0
                            || (given[i] + 1) * free[chosen] < (given[chosen] + 1) * free[i])) {
                chosen = i;
            }
        }
        given[chosen]++;
        allocated++;
        return chosen;
    }

    /** Extents given to each file so far. */
    long[] given() {
        return given.clone();
    }

    /** File {@code i}'s proportional share of {@code units} allocation units (extents or pages). */
    double share(int i, long units) {
        return total == 0 ? 0 : (double) units * free[i] / total;
    }

    int files() {
        return free.length;
    }
}
