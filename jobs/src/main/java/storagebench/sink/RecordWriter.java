package storagebench.sink;

import java.io.IOException;
import java.util.List;
import org.apache.avro.specific.SpecificRecord;

/**
 * Events of one topic-partition on their way into dataset files. Nothing written is visible until
 * {@link #commit()}; {@link #close()} without a commit leaves no trace.
 */
public interface RecordWriter extends AutoCloseable {
    void write(SpecificRecord event, long offset) throws IOException;

    /** Rows written since the last commit. */
    long rows();

    /** Estimated bytes written since the last commit (compressed pages plus buffered data). */
    long bytes();

    /** Makes everything written durable under final names; returns the files, and starts afresh. */
    List<CommittedFile> commit() throws IOException;

    /** Drops whatever is not committed. */
    @Override
    void close();

    /** A finished file: its path in the dataset and what it holds. */
    record CommittedFile(String path, DataFile name, String table, long rows) {}
}
