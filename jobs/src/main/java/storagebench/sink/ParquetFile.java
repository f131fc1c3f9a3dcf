package storagebench.sink;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.avro.specific.SpecificRecord;
import org.apache.parquet.hadoop.ParquetWriter;
import storagebench.DurableFiles;
import storagebench.events.EventType;

/**
 * One Parquet file being written in its final folder under a temporary name. {@link #finish()}
 * closes it, fsyncs it and renames it to its final name, which carries the offset range it holds.
 */
final class ParquetFile {
    private final EventType type;
    private final String topic;
    private final int partition;
    private final long firstOffset;
    private final Path temp;
    private final ParquetWriter<SpecificRecord> writer;
    private long lastOffset;
    private long rows;

    ParquetFile(
            ParquetFormat format,
            EventType type,
            Path folder,
            String topic,
            int partition,
            long firstOffset)
            throws IOException {
        this.type = type;
        this.topic = topic;
        this.partition = partition;
        this.firstOffset = firstOffset;
        DurableFiles.createFolders(folder);
        this.temp = folder.resolve(DataFile.tempName(topic, partition, firstOffset));
        this.writer = format.open(type, temp);
    }

    void write(SpecificRecord event, long offset) throws IOException {
        writer.write(event);
        lastOffset = offset;
        rows++;
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
        Path target = temp.resolveSibling(name.fileName());
        DurableFiles.commit(temp, target);
        return new RecordWriter.CommittedFile(target, name, type.table(), rows);
    }

    void discard() {
        try {
            writer.close();
        } catch (IOException | RuntimeException e) {
            // the file is deleted below; a broken footer does not matter
        }
        try {
            Files.deleteIfExists(temp);
        } catch (IOException e) {
            // recovery deletes leftover temporary files on the next start
        }
    }
}
