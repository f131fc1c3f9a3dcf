package storagebench.bench;

import java.nio.file.Path;
import storagebench.sink.FanOutWriter;
import storagebench.sink.HivePartitioner;
import storagebench.sink.ParquetFormat;
import storagebench.sink.RecordWriter;
import storagebench.storage.LocalStore;

/** The sink's own writer of a dataset, for the benches that write their events straight to a folder. */
final class BenchDataset {
    private BenchDataset() {}

    /**
     * A writer of events into the Hive-partitioned dataset at {@code folder}, laid out as the sink
     * lays it out (one partition of a topic named {@code bench}), each file rolled at {@code
     * rollBytes}. Its files are made when it commits.
     */
    static RecordWriter writer(Path folder, long rollBytes) {
        return new FanOutWriter(
                new LocalStore(folder),
                "bench",
                0,
                new HivePartitioner(),
                new ParquetFormat(rollBytes));
    }
}
