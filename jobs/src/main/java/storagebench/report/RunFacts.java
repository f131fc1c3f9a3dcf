package storagebench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import storagebench.events.EventType;

/**
 * What a run ran on, as its RunStarted event recorded it (secrets were removed before publishing).
 *
 * @param host the host's facts by field name, maps flattened as {@code settings.cpu-governor}
 * @param target the target's facts likewise ({@code kind}, {@code product}, {@code properties.…})
 */
public record RunFacts(
        String experiment,
        String runId,
        Instant started,
        Map<String, String> host,
        Map<String, String> target) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The runs that match, one per run (its last attempt), by experiment and start time. */
    public static List<RunFacts> read(Path parquetRoot, ReportFilter filter) {
        try (Tables tables = Tables.open(parquetRoot, filter)) {
            return read(tables, filter);
        }
    }

    /** As {@link #read(Path, ReportFilter)}, on a command's reads of the dataset. */
    public static List<RunFacts> read(Tables tables, ReportFilter filter) {
        return tables.query(EventType.RUN_STARTED, "/report/runs.sql", filter, RunFacts::row);
    }

    private static RunFacts row(ResultSet rs) throws SQLException {
        return new RunFacts(
                rs.getString("experiment"),
                rs.getString("run_id"),
                rs.getObject("start_time", java.time.OffsetDateTime.class).toInstant(),
                flat(rs.getString("host")),
                flat(rs.getString("target")));
    }

    private static Map<String, String> flat(String json) throws SQLException {
        Map<String, String> facts = new LinkedHashMap<>();
        try {
            flatten("", JSON.readTree(json), facts);
        } catch (JsonProcessingException e) {
            throw new SQLException("unreadable facts: " + e.getOriginalMessage(), e);
        }
        return facts;
    }

    private static void flatten(String prefix, JsonNode node, Map<String, String> facts) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                String key = prefix.isEmpty() ? field.getKey() : prefix + "." + field.getKey();
                flatten(key, field.getValue(), facts);
            }
        } else if (!node.isNull()) {
            facts.put(prefix, node.asText());
        }
    }
}
