package storagebench.sink;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.SeekableByteChannel;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.TopicPartition;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.MessageType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.storage.DatasetStore;

/**
 * The ids of the events a dataset holds, read back from its finished files. Only the
 * {@code event_id} column chunk is read and decompressed (a projection), and its values are hashed
 * straight from the page buffers: no record and no string is made per row. Every schema version of
 * every table has that column.
 */
final class DatasetIds {
    private static final Logger log = LoggerFactory.getLogger(DatasetIds.class);
    private static final String COLUMN = "event_id";

    private DatasetIds() {}

    /** The ids in the finished files of each of {@code partitions}. */
    static Map<TopicPartition, EventIds> read(DatasetStore store, Set<TopicPartition> partitions) {
        long start = System.nanoTime();
        Map<TopicPartition, EventIds> ids = new HashMap<>();
        partitions.forEach(tp -> ids.put(tp, new EventIds()));
        List<String> files =
                DatasetFiles.finished(store).stream()
                        .filter(f -> partitions.contains(partitionOf(f)))
                        .toList();
        if (files.isEmpty()) {
            return ids; // a new dataset: no need to load the Parquet reader
        }
        // one set of options, and so one codec factory, for every file; no Hadoop class loaded
        ParquetReadOptions options = PlainReadOptions.of(ZstdCodecs.INSTANCE);
        long rows = 0;
        long distinct = 0;
        for (String file : files) {
            EventIds into = ids.get(partitionOf(file));
            int before = into.size();
            rows += read(store, file, options, into);
            distinct += into.size() - before;
        }
        log.info(
                "indexed {} event id(s) of {} file(s) of {} partition(s) in {} ms{}",
                distinct,
                files.size(),
                partitions.size(),
                (System.nanoTime() - start) / 1_000_000,
                rows > distinct
                        ? "; the dataset already held " + (rows - distinct) + " duplicate(s)"
                        : "");
        return ids;
    }

    private static TopicPartition partitionOf(String file) {
        DataFile name = DatasetFiles.nameOf(file).orElseThrow();
        return new TopicPartition(name.topic(), name.partition());
    }

    private static long read(
            DatasetStore store, String file, ParquetReadOptions options, EventIds into) {
        try (SeekableByteChannel channel = store.open(file);
                ParquetFileReader reader =
                        ParquetFileReader.open(new ChannelInputFile(channel), options)) {
            MessageType schema = reader.getFooter().getFileMetaData().getSchema();
            MessageType projection = new MessageType(schema.getName(), schema.getType(COLUMN));
            reader.setRequestedSchema(projection);
            ColumnDescriptor column = projection.getColumns().get(0);
            String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
            long rows = 0;
            for (PageReadStore group = reader.readNextRowGroup();
                    group != null;
                    group = reader.readNextRowGroup()) {
                ColumnReader values =
                        new ColumnReadStoreImpl(group, new Ignored(), projection, createdBy)
                                .getColumnReader(column);
                for (long i = group.getRowCount();
                        i > 0;
                        i--) { // one value a row: the column is not repeated
                    if (values.getCurrentDefinitionLevel() == column.getMaxDefinitionLevel()) {
                        into.add(values.getBinary().toByteBuffer());
                    }
                    values.consume();
                    rows++;
                }
            }
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException(unreadable(store, file, e), e);
        } catch (RuntimeException e) {
            throw new IllegalStateException(unreadable(store, file, e), e);
        }
    }

    private static String unreadable(DatasetStore store, String file, Exception e) {
        return "cannot read the event ids of "
                + store.describe()
                + "/"
                + file
                + ": "
                + e.getMessage();
    }

    /** Values are taken from the column reader directly; nothing is assembled into records. */
    private static final class Ignored extends GroupConverter {
        @Override
        public Converter getConverter(int fieldIndex) {
            return new PrimitiveConverter() {};
        }

        @Override
        public void start() {}

        @Override
        public void end() {}
    }
}
