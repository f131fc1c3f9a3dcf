package storagebench.sink;

import java.nio.ByteBuffer;

/**
 * A set of event ids kept as their 128-bit {@link Fingerprints} in one open-addressing table of
 * longs: 16 bytes a slot, at most three quarters full, so 21 to 43 bytes an id whatever its length
 * (a {@code HashSet<String>} of the same ids takes about 150). Two different ids share a fingerprint
 * with a probability of about n²/2¹²⁹, 10⁻²¹ for a billion ids; the ids are the runner's, not an
 * adversary's. Not thread-safe.
 */
final class EventIds {
    private static final int MIN_SLOTS = 1 << 10;
    private static final int MAX_SLOTS = 1 << 29;

    private final Fingerprints fingerprints = new Fingerprints();
    private final long[] scratch = new long[2];

    /** Slot i is {@code table[2i], table[2i+1]}; (0, 0) marks it empty. */
    private long[] table = new long[2 * MIN_SLOTS];

    private int size;

    /** Adds the id; false when it was already in the set. */
    boolean add(String id) {
        fingerprints.of(id, scratch, 0);
        return add(scratch[0], scratch[1]);
    }

    /** Adds the id given as the UTF-8 bytes remaining in {@code utf8}; false when it was already in the set. */
    boolean add(ByteBuffer utf8) {
        fingerprints.of(utf8, scratch, 0);
        return add(scratch[0], scratch[1]);
    }

    /** Adds the id whose fingerprint is {@code (hi, lo)}; false when it was already in the set. */
    boolean add(long hi, long lo) {
        if (hi == 0 && lo == 0) {
            lo = 1; // (0, 0) means empty; this id then shares its fingerprint with one other
            // possible id
        }
        if (!insert(table, hi, lo)) {
            return false;
        }
        if (++size > slots() / 4 * 3) {
            grow();
        }
        return true;
    }

    /** Whether the id whose fingerprint is {@code (hi, lo)} is in the set. */
    boolean contains(long hi, long lo) {
        if (hi == 0 && lo == 0) {
            lo = 1;
        }
        int mask = table.length / 2 - 1;
        for (int i = (int) hi & mask; ; i = (i + 1) & mask) {
            long h = table[2 * i];
            long l = table[2 * i + 1];
            if (h == 0 && l == 0) {
                return false;
            }
            if (h == hi && l == lo) {
                return true;
            }
        }
    }

    int size() {
        return size;
    }

    /** The table's size in bytes, what the set costs on the heap. */
    long bytes() {
        return 8L * table.length;
    }

    private int slots() {
        return table.length / 2;
    }

    private static boolean insert(long[] table, long hi, long lo) {
        int mask = table.length / 2 - 1;
        for (int i = (int) hi & mask; ; i = (i + 1) & mask) {
            long h = table[2 * i];
            long l = table[2 * i + 1];
            if (h == 0 && l == 0) {
                table[2 * i] = hi;
                table[2 * i + 1] = lo;
                return true;
            }
            if (h == hi && l == lo) {
                return false;
            }
        }
    }

    private void grow() {
        if (slots() >= MAX_SLOTS) {
            throw new IllegalStateException(
                    "more than " + size + " event ids: too many for the sink's id index");
        }
        long[] bigger = new long[2 * table.length];
        for (int i = 0; i < table.length; i += 2) {
            if (table[i] != 0 || table[i + 1] != 0) {
                insert(bigger, table[i], table[i + 1]);
            }
        }
        table = bigger;
    }
}
