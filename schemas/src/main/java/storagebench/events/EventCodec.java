package storagebench.events;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.SchemaNormalization;
import org.apache.avro.message.BinaryMessageDecoder;
import org.apache.avro.message.BinaryMessageEncoder;
import org.apache.avro.message.SchemaStore;
import org.apache.avro.specific.SpecificRecord;

/**
 * Avro single-object encoding for every event type: a 2-byte marker, the 8-byte fingerprint of the
 * writer schema, then the binary record. The fingerprint tells the type, so one topic carries all
 * types without an envelope, and every released version of every type decodes into the current class.
 */
public final class EventCodec {
    private static final byte[] MARKER = {(byte) 0xC3, (byte) 0x01};
    private static final int HEADER = 10;

    static {
        TrustedPackages.trust();
    }

    private final Map<Long, EventType> typeByFingerprint = new HashMap<>();
    private final Map<EventType, BinaryMessageDecoder<? extends SpecificRecord>> decoders =
            new EnumMap<>(EventType.class);

    public EventCodec() {
        for (EventType type : EventType.values()) {
            SchemaStore.Cache store = new SchemaStore.Cache();
            store.addSchema(type.schema());
            typeByFingerprint.put(SchemaNormalization.parsingFingerprint64(type.schema()), type);
            for (ReleasedSchemas.Version version : ReleasedSchemas.of(type)) {
                store.addSchema(version.schema());
                typeByFingerprint.put(
                        SchemaNormalization.parsingFingerprint64(version.schema()), type);
            }
            decoders.put(type, type.newDecoder(store));
        }
    }

    public byte[] encode(SpecificRecord event) {
        return encodeTyped(EventType.of(event).encoder(), event);
    }

    @SuppressWarnings("unchecked")
    private static <T extends SpecificRecord> byte[] encodeTyped(
            BinaryMessageEncoder<T> encoder, SpecificRecord event) {
        try {
            ByteBuffer buffer = encoder.encode((T) event);
            byte[] bytes = new byte[buffer.remaining()];
            buffer.get(bytes);
            return bytes;
        } catch (IOException e) {
            throw new UncheckedIOException("encoding " + event.getSchema().getName(), e);
        }
    }

    /** The event type named by the message's fingerprint, without decoding the body. */
    public EventType typeOf(byte[] message) throws UndecodableEventException {
        if (message == null
                || message.length < HEADER
                || message[0] != MARKER[0]
                || message[1] != MARKER[1]) {
            throw new UndecodableEventException(
                    "not Avro single-object encoding (no C3 01 marker)", null);
        }
        long fingerprint = ByteBuffer.wrap(message, 2, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
        EventType type = typeByFingerprint.get(fingerprint);
        if (type == null) {
            throw new UndecodableEventException(
                    "unknown schema fingerprint "
                            + Long.toHexString(fingerprint)
                            + " (not a released event schema)",
                    null);
        }
        return type;
    }

    public SpecificRecord decode(byte[] message) throws UndecodableEventException {
        EventType type = typeOf(message);
        try {
            return decoders.get(type).decode(message);
        } catch (IOException | RuntimeException e) {
            throw new UndecodableEventException(
                    "corrupt " + type.schemaName() + " body: " + e.getMessage(), e);
        }
    }
}
