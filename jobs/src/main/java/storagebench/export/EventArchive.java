package storagebench.export;

import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.data.TimeConversions;
import org.apache.avro.specific.SpecificData;
import storagebench.events.EventCodec;
import storagebench.events.EventType;

/**
 * The export format: one Avro object container file whose schema is the union of every event type's
 * current schema, in the order of {@link EventType}, so one file keeps the topic's order across types
 * and any Avro tool reads it ({@code avro-tools tojson}, fastavro, Spark's avro source).
 * Deflate-compressed. A file written by an older version, with older schemas, still reads: Avro
 * resolves each branch by name to the current schema.
 */
public final class EventArchive {
    /** Metadata: the topic the events came from. */
    public static final String META_TOPIC = "storagebench.topic";

    /** Metadata: when the export was made (ISO-8601, UTC). */
    public static final String META_EXPORTED_AT = "storagebench.exported_at";

    /** Metadata: the experiment the export was limited to, when it was. */
    public static final String META_EXPERIMENT = "storagebench.experiment";

    static {
        // Loading the codec trusts the generated event classes, which Avro 1.12 otherwise refuses
        // to create.
        new EventCodec();
    }

    private EventArchive() {}

    public static Schema schema() {
        List<Schema> branches = new ArrayList<>();
        for (EventType type : EventType.values()) {
            branches.add(type.schema());
        }
        return Schema.createUnion(branches);
    }

    /** The generated classes' data model, with the timestamp conversions their fields use. */
    static SpecificData model() {
        SpecificData model = new SpecificData(EventArchive.class.getClassLoader());
        model.addLogicalTypeConversion(new TimeConversions.TimestampMicrosConversion());
        model.addLogicalTypeConversion(new TimeConversions.TimestampMillisConversion());
        return model;
    }
}
