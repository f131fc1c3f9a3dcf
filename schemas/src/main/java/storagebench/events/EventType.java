package storagebench.events;

import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.message.BinaryMessageDecoder;
import org.apache.avro.message.BinaryMessageEncoder;
import org.apache.avro.message.SchemaStore;
import org.apache.avro.specific.SpecificRecord;

/** The closed set of event types: the schema, its generated class and the dataset table it lands in. */
public enum EventType {
    RUN_STARTED(RunStarted.class, RunStarted.getClassSchema(), "runs", RunStarted::createDecoder,
            RunStarted.getEncoder()),
    TRIAL_TIMED(TrialTimed.class, TrialTimed.getClassSchema(), "trials", TrialTimed::createDecoder,
            TrialTimed.getEncoder()),
    RUN_FINISHED(RunFinished.class, RunFinished.getClassSchema(), "run_finished", RunFinished::createDecoder,
            RunFinished.getEncoder()),
    IO_SAMPLE(IoSample.class, IoSample.getClassSchema(), "io_samples", IoSample::createDecoder,
            IoSample.getEncoder());

    private final Class<? extends SpecificRecord> recordClass;
    private final Schema schema;
    private final String table;
    private final Function<SchemaStore, ? extends BinaryMessageDecoder<? extends SpecificRecord>> decoderFactory;
    private final BinaryMessageEncoder<? extends SpecificRecord> encoder;

    <T extends SpecificRecord> EventType(Class<T> recordClass, Schema schema, String table,
            Function<SchemaStore, BinaryMessageDecoder<T>> decoderFactory, BinaryMessageEncoder<T> encoder) {
        this.recordClass = recordClass;
        this.schema = schema;
        this.table = table;
        this.decoderFactory = decoderFactory;
        this.encoder = encoder;
    }

    public Class<? extends SpecificRecord> recordClass() {
        return recordClass;
    }

    /** The current (writer) schema. */
    public Schema schema() {
        return schema;
    }

    /** Name of the Parquet table (folder) this type is written to. */
    public String table() {
        return table;
    }

    /** The schema's short name, which is also its folder under {@code released/}. */
    public String schemaName() {
        return schema.getName();
    }

    BinaryMessageDecoder<? extends SpecificRecord> newDecoder(SchemaStore store) {
        return decoderFactory.apply(store);
    }

    BinaryMessageEncoder<? extends SpecificRecord> encoder() {
        return encoder;
    }

    public static EventType of(SpecificRecord record) {
        for (EventType type : values()) {
            if (type.recordClass.isInstance(record)) {
                return type;
            }
        }
        throw new IllegalArgumentException("not an event: " + record.getClass().getName());
    }

    public static EventType ofSchemaName(String name) {
        for (EventType type : values()) {
            if (type.schemaName().equals(name)) {
                return type;
            }
        }
        throw new IllegalArgumentException("no event type named " + name);
    }
}
