package storagebench.report;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import storagebench.events.EventType;

/** The config text of each experiment's latest run, as the runs table recorded it. */
public final class LatestConfigs {
    private LatestConfigs() {}

    /**
     * Per experiment, its latest run's config text (secrets removed when it ran).
     *
     * @param experiment one experiment, or null for every one
     */
    public static Map<String, String> read(Path parquetRoot, String experiment) {
        try (Tables tables = Tables.open(parquetRoot, HostScope.ALL, experiment)) {
            return read(tables, experiment);
        }
    }

    /** As {@link #read(Path, String)}, on a command's reads of the dataset. */
    public static Map<String, String> read(Tables tables, String experiment) {
        Map<String, String> configs = new LinkedHashMap<>();
        tables.query(
                        EventType.RUN_STARTED,
                        "/report/baselines.sql",
                        "read the runs' configs",
                        false,
                        q -> q.setString(1, experiment),
                        rs -> Map.entry(rs.getString("experiment"), rs.getString("config_text")))
                .forEach(e -> configs.put(e.getKey(), e.getValue()));
        return configs;
    }
}
