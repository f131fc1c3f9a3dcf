package storagebench.sink;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * A set of event ids kept as 128-bit fingerprints (the first half of each id's SHA-256) in one
 * open-addressing table of longs: 16 bytes a slot, at most three quarters full, so 21 to 43 bytes an
 * id whatever its length (a {@code HashSet<String>} of the same ids takes about 150). Two different
 * ids share a fingerprint with a probability of about n²/2¹²⁹, 10⁻²¹ for a billion ids; the ids are
 * the runner's, not an adversary's. Not thread-safe.
 */
final class EventIds {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final int MIN_SLOTS = 1 << 10;
    private static final int MAX_SLOTS = 1 << 29;

    private final MessageDigest sha256;
    private final byte[] digest = new byte[32];
    /** Slot i is {@code table[2i], table[2i+1]}; (0, 0) marks it empty. */
    private long[] table = new long[2 * MIN_SLOTS];
    private int size;

    EventIds() {
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** Adds the id; false when it was already in the set. */
    boolean add(String id) {
        byte[] utf8 = id.getBytes(StandardCharsets.UTF_8);
        return add(utf8, 0, utf8.length);
    }

    /** Adds the id given as UTF-8 bytes; false when it was already in the set. */
    boolean add(byte[] utf8, int offset, int length) {
        sha256.update(utf8, offset, length);
        return addDigested();
    }

    /** Adds the id given as the UTF-8 bytes remaining in {@code utf8}; false when it was already in the set. */
    boolean add(ByteBuffer utf8) {
        sha256.update(utf8);
        return addDigested();
    }

    private boolean addDigested() {
        try {
            sha256.digest(digest, 0, digest.length);
        } catch (DigestException e) {
            throw new IllegalStateException(e);
        }
        long hi = (long) LONGS.get(digest, 0);
        long lo = (long) LONGS.get(digest, 8);
        if (hi == 0 && lo == 0) {
            lo = 1; // (0, 0) means empty; this id then shares its fingerprint with one other possible id
        }
        if (!insert(table, hi, lo)) {
            return false;
        }
        if (++size > slots() / 4 * 3) {
            grow();
        }
        return true;
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
            throw new IllegalStateException("more than " + size + " event ids: too many for the sink's id index");
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
