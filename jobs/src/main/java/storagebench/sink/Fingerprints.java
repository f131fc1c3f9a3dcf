package storagebench.sink;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.apache.avro.specific.SpecificRecord;

/**
 * An event id's fingerprint: the first 128 bits of the SHA-256 of its UTF-8 bytes, as two longs. The
 * sink's reader thread computes them while it decodes, which leaves the writing thread (the slower
 * one) only the table lookup. One instance per thread.
 */
final class Fingerprints {
    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private final MessageDigest sha256;
    private final byte[] digest = new byte[32];

    Fingerprints() {
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** The {@code event_id} every event type has. */
    static String idOf(SpecificRecord event) {
        return String.valueOf(event.get(event.getSchema().getField("event_id").pos()));
    }

    /** Puts the fingerprint of {@code id} into {@code into[at]} and {@code into[at + 1]}. */
    void of(String id, long[] into, int at) {
        sha256.update(id.getBytes(StandardCharsets.UTF_8));
        digest(into, at);
    }

    /** The same for an id given as the UTF-8 bytes remaining in {@code utf8}. */
    void of(ByteBuffer utf8, long[] into, int at) {
        sha256.update(utf8);
        digest(into, at);
    }

    private void digest(long[] into, int at) {
        try {
            sha256.digest(digest, 0, digest.length);
        } catch (DigestException e) {
            throw new IllegalStateException(e);
        }
        into[at] = (long) LONGS.get(digest, 0);
        into[at + 1] = (long) LONGS.get(digest, 8);
    }
}
