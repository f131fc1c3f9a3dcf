package storagebench.sink;

import java.time.Duration;
import storagebench.config.Settings;

/**
 * When a topic-partition's open files are closed: enough rows, enough bytes, or quiet for long enough.
 *
 * @param rows roll at this many rows in the open files together
 * @param bytes roll once the open files together hold about this many bytes (this also bounds the heap)
 * @param idle roll after this long without a new event
 */
public record RollPolicy(long rows, long bytes, Duration idle) {
    /** Why files were closed. */
    public enum Reason {
        ROWS,
        BYTES,
        IDLE,
        /** asked for ({@code Sink#rollSoon}): a service wants the dataset up to date now */
        REQUESTED,
        /** the consumer group moves the partition to another sink */
        REVOKED,
        END,
        STOP
    }

    /** How many rows may pass between two (not free) size estimates. */
    static final int BYTES_CHECK_EVERY = 512;

    public static RollPolicy of(Settings settings) {
        return new RollPolicy(
                settings.sinkRollRows(), settings.sinkRollBytes(), settings.sinkIdleRoll());
    }

    /** The reason to roll right after a write, or null. */
    public Reason afterWrite(RecordWriter writer) {
        long n = writer.rows();
        if (n >= rows) {
            return Reason.ROWS;
        }
        if (n % BYTES_CHECK_EVERY == 0 && writer.bytes() >= bytes) {
            return Reason.BYTES;
        }
        return null;
    }

    boolean idleFor(long quietNanos) {
        return quietNanos >= idle.toNanos();
    }
}
