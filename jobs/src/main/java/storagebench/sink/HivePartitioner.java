package storagebench.sink;

import java.time.Instant;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import storagebench.events.EventType;

/**
 * {@code <table>/experiment=<name>/date=<yyyy-mm-dd>}: the event type's table, its experiment and
 * the UTC date of its {@linkplain EventType#partitionTime partition time}. Hive, Spark and DuckDB
 * all read these folders as columns.
 */
public final class HivePartitioner implements Partitioner {
    private static final int CACHE_LIMIT = 10_000;
    private final Map<String, String> escaped = new HashMap<>();
    private final Map<Long, String> dates = new HashMap<>();

    @Override
    public String folderOf(EventType type, SpecificRecord event) {
        return type.table()
                + "/experiment="
                + escapedOf(type.experiment(event))
                + "/date="
                + dateOf(type.partitionTime(event));
    }

    /** The folder of {@code experiment}'s partition in each table: {@code experiment=<name escaped>}. */
    public static String experimentFolder(String experiment) {
        return "experiment=" + PathSafe.escape(experiment);
    }

    private String escapedOf(String experiment) {
        if (escaped.size() > CACHE_LIMIT) {
            escaped.clear();
        }
        return escaped.computeIfAbsent(experiment, PathSafe::escape);
    }

    private String dateOf(Instant time) {
        long day = Math.floorDiv(time.getEpochSecond(), 86_400L);
        if (dates.size() > CACHE_LIMIT) {
            dates.clear();
        }
        return dates.computeIfAbsent(day, d -> LocalDate.ofEpochDay(d).toString());
    }
}
