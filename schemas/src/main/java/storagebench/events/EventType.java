package storagebench.events;

import java.time.Instant;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.message.BinaryMessageDecoder;
import org.apache.avro.message.BinaryMessageEncoder;
import org.apache.avro.message.SchemaStore;
import org.apache.avro.specific.SpecificRecord;

/**
 * The closed set of event types: the schema, its generated class, the dataset table it lands in, and
 * the experiment and time an event of the type is partitioned by.
 */
public enum EventType {
    RUN_STARTED(
            RunStarted.class,
            RunStarted.getClassSchema(),
            "runs",
            RunStarted::createDecoder,
            RunStarted.getEncoder(),
            RunStarted::getExperiment,
            RunStarted::getStartTime),
    TRIAL_TIMED(
            TrialTimed.class,
            TrialTimed.getClassSchema(),
            "trials",
            TrialTimed::createDecoder,
            TrialTimed.getEncoder(),
            TrialTimed::getExperiment,
            TrialTimed::getStartTime),
    RUN_FINISHED(
            RunFinished.class,
            RunFinished.getClassSchema(),
            "run_finished",
            RunFinished::createDecoder,
            RunFinished.getEncoder(),
            RunFinished::getExperiment,
            RunFinished::getEndTime),
    IO_SAMPLE(
            IoSample.class,
            IoSample.getClassSchema(),
            "io_samples",
            IoSample::createDecoder,
            IoSample.getEncoder(),
            IoSample::getExperiment,
            IoSample::getIntervalStart),
    REGRESSION(
            Regression.class,
            Regression.getClassSchema(),
            "regressions",
            Regression::createDecoder,
            Regression.getEncoder(),
            Regression::getExperiment,
            Regression::getDetectedTime),
    THROUGHPUT_SAMPLE(
            ThroughputSample.class,
            ThroughputSample.getClassSchema(),
            "throughput_samples",
            ThroughputSample::createDecoder,
            ThroughputSample.getEncoder(),
            ThroughputSample::getExperiment,
            ThroughputSample::getIntervalStart),
    HOST_SAMPLE(
            HostSample.class,
            HostSample.getClassSchema(),
            "host_samples",
            HostSample::createDecoder,
            HostSample.getEncoder(),
            HostSample::getExperiment,
            HostSample::getIntervalStart),
    WAIT_SAMPLE(
            WaitSample.class,
            WaitSample.getClassSchema(),
            "waits",
            WaitSample::createDecoder,
            WaitSample.getEncoder(),
            WaitSample::getExperiment,
            WaitSample::getIntervalStart);

    private final Class<? extends SpecificRecord> recordClass;
    private final Schema schema;
    private final String table;
    private final Function<SchemaStore, ? extends BinaryMessageDecoder<? extends SpecificRecord>>
            decoderFactory;
    private final BinaryMessageEncoder<? extends SpecificRecord> encoder;
    private final Function<SpecificRecord, String> experiment;
    private final Function<SpecificRecord, Instant> partitionTime;

    <T extends SpecificRecord> EventType(
            Class<T> recordClass,
            Schema schema,
            String table,
            Function<SchemaStore, BinaryMessageDecoder<T>> decoderFactory,
            BinaryMessageEncoder<T> encoder,
            Function<T, String> experiment,
            Function<T, Instant> partitionTime) {
        this.recordClass = recordClass;
        this.schema = schema;
        this.table = table;
        this.decoderFactory = decoderFactory;
        this.encoder = encoder;
        this.experiment = record -> experiment.apply(recordClass.cast(record));
        this.partitionTime = record -> partitionTime.apply(recordClass.cast(record));
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

    /** The experiment {@code record}, an event of this type, belongs to. */
    public String experiment(SpecificRecord record) {
        return experiment.apply(own(record));
    }

    /**
     * The time the dataset files {@code record}, an event of this type, under (by its UTC date): a run's
     * or trial's start, a finished run's end, an IO, throughput or host sample's interval start, a wait sample's phase start, a
     * regression's detection.
     */
    public Instant partitionTime(SpecificRecord record) {
        return partitionTime.apply(own(record));
    }

    private SpecificRecord own(SpecificRecord record) {
        if (!recordClass.isInstance(record)) {
            throw new IllegalArgumentException(
                    "not a "
                            + schemaName()
                            + ": "
                            + (record == null ? "null" : record.getClass().getName()));
        }
        return record;
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
