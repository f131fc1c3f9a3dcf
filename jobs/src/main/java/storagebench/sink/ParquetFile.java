package storagebench.sink;

import java.io.IOException;
import org.apache.avro.specific.SpecificRecord;
import org.apache.parquet.hadoop.ParquetWriter;
import storagebench.events.EventType;
import storagebench.storage.DatasetStore;

/**
 * One Parquet file being written, staged by the store under a temporary name. {@link #finish()} closes
 * it and has the store publish it under its final name, which carries the offset range it holds.
 */
final class ParquetFile {
    private final EventType type;
    private final String topic;
    private final int partition;
    private final long firstOffset;
    private final DatasetStore store;
    private final DatasetStore.Staged staged;
    private final ParquetWriter<SpecificRecord> writer;
    private long lastOffset;
    private long rows;

    ParquetFile(
            ParquetFormat format,
            EventType type,
            DatasetStore store,
            String folder,
            String topic,
            int partition,
            long firstOffset)
            throws IOException {
        this.type = type;
        this.topic = topic;
        this.partition = partition;
        this.firstOffset = firstOffset;
        this.store = store;
        this.staged = store.stage(folder, DataFile.tempName(topic, partition, firstOffset));
        this.writer = format.open(type, staged.local());
    }

    void write(SpecificRecord event, long offset) throws IOException {
        writer.write(event);
        lastOffset = offset;
        rows++;
    }

    String table() {
        return type.table();
    }

    long rows() {
        return rows;
    }

    long bytes() {
        return writer.getDataSize();
    }

    RecordWriter.CommittedFile finish() throws IOException {
        writer.close();
        DataFile name = new DataFile(topic, partition, firstOffset, lastOffset);
        String path = store.publish(staged, name.fileName());
        return new RecordWriter.CommittedFile(path, name, type.table(), rows);
    }

    void discard() {
        try {
            writer.close();
        } catch (IOException | RuntimeException e) {
            // the file is deleted below; a broken footer does not matter
        }
        store.discard(staged);
    }
}
