package storagebench.sink;

import java.time.Instant;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import storagebench.events.EventType;
import storagebench.events.IoSample;
import storagebench.events.RunFinished;
import storagebench.events.RunStarted;
import storagebench.events.TrialTimed;

/**
 * {@code <table>/experiment=<name>/date=<yyyy-mm-dd>}: the event type's table, its experiment and
 * the UTC date it happened (start time, end time for a finished run, interval start for an IO sample). Hive, Spark and DuckDB all
 * read these folders as columns.
 */
public final class HivePartitioner implements Partitioner {
    private static final int CACHE_LIMIT = 10_000;
    private final Map<String, String> escaped = new HashMap<>();
    private final Map<Long, String> dates = new HashMap<>();

    @Override
    public String folderOf(EventType type, SpecificRecord event) {
        String experiment;
        Instant time;
        if (event instanceof TrialTimed t) {
            experiment = t.getExperiment();
            time = t.getStartTime();
        } else if (event instanceof RunStarted r) {
            experiment = r.getExperiment();
            time = r.getStartTime();
        } else if (event instanceof RunFinished f) {
            experiment = f.getExperiment();
            time = f.getEndTime();
        } else if (event instanceof IoSample s) {
            experiment = s.getExperiment();
            time = s.getIntervalStart();
        } else {
            throw new IllegalArgumentException("no partitioning for " + type);
        }
        return type.table() + "/experiment=" + escapedOf(experiment) + "/date=" + dateOf(time);
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
