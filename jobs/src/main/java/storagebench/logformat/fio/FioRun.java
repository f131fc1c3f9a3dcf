package storagebench.logformat.fio;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;

/**
 * The last complete JSON document of a fio output.
 *
 * @param line where the document starts
 * @param version {@code fio version}, e.g. {@code fio-3.33}
 * @param reported when fio wrote the document ({@code timestamp_ms}, else {@code timestamp}), or null
 * @param globalOptions {@code global options} of a job file, or a missing node
 * @param jobs the {@code jobs} entries with the line each starts on
 */
record FioRun(long line, String version, Instant reported, JsonNode globalOptions, List<Job> jobs) {

    record Job(JsonNode node, long line) {}
}
