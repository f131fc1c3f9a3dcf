package storagebench.sink;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecord;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import storagebench.events.EventType;

/**
 * How events become Parquet: one column per field of the current schema, ZSTD, timestamps as
 * {@code TIMESTAMP(MICROS, UTC)} through the generated class's own data model. No Hadoop class is
 * loaded: the writer gets a plain in-memory configuration and {@link ZstdCodecs}.
 */
public final class ParquetFormat {
    /** Row groups are capped so that several open files stay well inside the heap. */
    static final long MAX_ROW_GROUP_BYTES = 32L * 1024 * 1024;

    /**
     * Pages of 64 KiB: the writer allocates a page-sized compression buffer for every column of every
     * open file up front, and a sink of six partitions keeps over a hundred files open (1 MiB pages
     * made that over 3 GiB and ran a 256 MiB sink out of heap); event rows are small, so a page still
     * holds hundreds of them.
     */
    private static final int PAGE_BYTES = 64 * 1024;

    /**
     * Columns (nearly) unique per event: a dictionary only costs time there (about a fifth of the
     * writer's) and falls back to plain encoding anyway. Paths absent from a schema are ignored.
     */
    static final List<String> NO_DICTIONARY =
            List.of(
                    "event_id",
                    "trial_id",
                    "start_time",
                    "end_time",
                    "duration_ns",
                    "metrics.key_value.value");

    private final long rowGroupBytes;

    public ParquetFormat(long rollBytes) {
        this.rowGroupBytes = Math.max(1024 * 1024, Math.min(rollBytes, MAX_ROW_GROUP_BYTES));
    }

    public ParquetWriter<SpecificRecord> open(EventType type, Path file) throws IOException {
        AvroParquetWriter.Builder<SpecificRecord> builder =
                AvroParquetWriter.builder(new LocalOutputFile(file));
        NO_DICTIONARY.forEach(column -> builder.withDictionaryEncoding(column, false));
        return builder.withConf(new PlainParquetConfiguration())
                .withSchema(type.schema())
                .withDataModel(SpecificData.getForClass(type.recordClass()))
                .withCodecFactory(ZstdCodecs.INSTANCE)
                .withCompressionCodec(CompressionCodecName.ZSTD)
                .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
                .withRowGroupSize(rowGroupBytes)
                .withPageSize(PAGE_BYTES)
                .build();
    }
}
