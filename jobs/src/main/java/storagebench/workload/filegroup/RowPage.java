package storagebench.workload.filegroup;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The page image of one row, reused for every row: the seed's CHAR(8000) 'Sr. Nimbus' padded with
 * spaces, filling the page, with the row number (a big-endian long) stamped in its first 8 bytes.
 */
final class RowPage {
    private static final byte[] TEXT = "Sr. Nimbus".getBytes(StandardCharsets.US_ASCII);
    private final ByteBuffer page;

    RowPage(int pageSize) {
        page = ByteBuffer.allocateDirect(pageSize);
        for (int i = 0; i < pageSize; i++) {
            int t = i - Long.BYTES;
            page.put(i, t >= 0 && t < TEXT.length ? TEXT[t] : (byte) ' ');
        }
    }

    /** The page holding {@code row}, positioned to be written whole. */
    ByteBuffer stamp(long row) {
        return page.clear().putLong(0, row);
    }

    /** The row number stamped in a page read back from a file. */
    static long row(ByteBuffer page) {
        return page.getLong(0);
    }
}
