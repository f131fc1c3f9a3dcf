package storagebench.sink;

import org.apache.avro.specific.SpecificRecord;
import storagebench.events.EventType;

/** Maps an event to the dataset folder it belongs in. */
public interface Partitioner {
    /**
     * The folder of {@code event}, an event of {@code type}, relative to the dataset root, parts
     * separated by {@code /}; it must be the same for equal inputs and a safe relative path (no
     * {@code ..}, no leading dot).
     */
    String folderOf(EventType type, SpecificRecord event);
}
