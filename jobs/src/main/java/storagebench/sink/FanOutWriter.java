package storagebench.sink;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import storagebench.events.EventType;
import storagebench.storage.DatasetStore;

/**
 * The events of one topic-partition spread over one open file per dataset folder (table,
 * experiment, date). A commit finishes all of them together, so one offset range is either wholly
 * in the dataset or not at all, and publishes them in {@link Visibility}'s order ({@code runs} last).
 */
public final class FanOutWriter implements RecordWriter {
    private final DatasetStore store;
    private final String topic;
    private final int partition;
    private final Partitioner partitioner;
    private final ParquetFormat format;
    private final Map<String, ParquetFile> open = new HashMap<>();
    private long rows;

    public FanOutWriter(
            DatasetStore store,
            String topic,
            int partition,
            Partitioner partitioner,
            ParquetFormat format) {
        this.store = store;
        this.topic = topic;
        this.partition = partition;
        this.partitioner = partitioner;
        this.format = format;
    }

    @Override
    public void write(SpecificRecord event, long offset) throws IOException {
        EventType type = EventType.of(event);
        String folder = partitioner.folderOf(type, event);
        ParquetFile file = open.get(folder);
        if (file == null) {
            file = new ParquetFile(format, type, store, folder, topic, partition, offset);
            open.put(folder, file);
        }
        file.write(event, offset);
        rows++;
    }

    @Override
    public long rows() {
        return rows;
    }

    @Override
    public long bytes() {
        long sum = 0;
        for (ParquetFile file : open.values()) {
            sum += file.bytes();
        }
        return sum;
    }

    @Override
    public List<CommittedFile> commit() throws IOException {
        List<CommittedFile> done = new ArrayList<>(open.size());
        List<ParquetFile> inOrder =
                open.values().stream()
                        .sorted(Comparator.comparingInt(f -> Visibility.rank(f.table())))
                        .toList();
        for (ParquetFile file : inOrder) {
            done.add(file.finish());
        }
        open.clear();
        rows = 0;
        return done;
    }

    @Override
    public void close() {
        open.values().forEach(ParquetFile::discard);
        open.clear();
        rows = 0;
    }
}
