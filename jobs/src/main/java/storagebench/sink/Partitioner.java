package storagebench.sink;

import org.apache.avro.specific.SpecificRecord;
import storagebench.events.EventType;

/** Maps an event to the dataset folder it belongs in. */
public interface Partitioner {
    /**
     * The folder of {@code event}, an event of {@code type}, relative to the dataset root, parts
     * separated by {@code /}: the type's {@linkplain EventType#table table}, then Hive-style
     * {@code key=value} parts. It must be the same for equal inputs and a safe relative path (no
     * {@code ..}, no leading dot), whatever the event's text holds.
     */
    String folderOf(EventType type, SpecificRecord event);
}
