package storagebench.logformat.benchbase;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.io.JsonEOFException;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import storagebench.logformat.LineReader;
import storagebench.logformat.Parsed;

/**
 * BenchBase's {@code <ts>.summary.json}: one {@code run} step. Factors: {@code benchmark},
 * {@code dbms}, {@code dbms_version}, {@code terminals}, {@code scalefactor}, {@code isolation}.
 * Metrics: {@code tps} (Throughput), {@code goodput}, {@code measured_requests} and the latency
 * distribution in milliseconds ({@code latency_min_ms}, {@code latency_p25_ms} … {@code latency_max_ms},
 * {@code latency_avg_ms}). Duration: "Elapsed Time (nanoseconds)", else Measured Requests / Throughput,
 * else 0; start: "Start timestamp (milliseconds)", else Current Timestamp less the duration. A "Final
 * State" other than DONE or EXIT (how a timed run ends) fails the step. A value that is not what its key says is quarantined with its
 * line; the rest of the summary is read.
 */
final class SummaryJson {
    private static final JsonFactory JSON =
            JsonFactory.builder()
                    .streamReadConstraints(
                            StreamReadConstraints.builder()
                                    .maxStringLength(1 << 16)
                                    .maxNestingDepth(16)
                                    .build())
                    .build();

    private static final Map<String, String> FACTORS =
            Map.of(
                    "Benchmark Type", "benchmark",
                    "DBMS Type", "dbms",
                    "DBMS Version", "dbms_version",
                    "terminals", "terminals",
                    "scalefactor", "scalefactor",
                    "isolation", "isolation");

    private static final Map<String, String> LATENCIES =
            Map.of(
                    "Minimum Latency (microseconds)", "latency_min_ms",
                    "25th Percentile Latency (microseconds)", "latency_p25_ms",
                    "Median Latency (microseconds)", "latency_p50_ms",
                    "Average Latency (microseconds)", "latency_avg_ms",
                    "75th Percentile Latency (microseconds)", "latency_p75_ms",
                    "90th Percentile Latency (microseconds)", "latency_p90_ms",
                    "95th Percentile Latency (microseconds)", "latency_p95_ms",
                    "99th Percentile Latency (microseconds)", "latency_p99_ms",
                    "Maximum Latency (microseconds)", "latency_max_ms");

    private final String trial;
    private final Map<String, String> factors = new LinkedHashMap<>();
    private final Map<String, Double> metrics = new TreeMap<>();
    private final List<Parsed> problems = new ArrayList<>();
    private Double elapsedNs;
    private Double startMs;
    private Double endMs;
    private String state;

    private SummaryJson(String trial) {
        this.trial = trial;
    }

    /** The step of the summary, after the values it could not read; one Malformed when it is no summary. */
    static List<Parsed> read(Path file, String trial) throws IOException {
        SummaryJson summary = new SummaryJson(trial);
        try (Reader in = LineReader.text(file, StandardCharsets.UTF_8);
                JsonParser json = JSON.createParser(in)) {
            JsonToken first = json.nextToken();
            if (first != JsonToken.START_OBJECT) {
                return List.of(
                        new Parsed.Malformed(
                                line(json.currentTokenLocation()),
                                "not a BenchBase summary: the file does not start with a JSON object",
                                ""));
            }
            summary.object(json, "");
            if (json.currentToken() != JsonToken.END_OBJECT) {
                throw new JsonEOFException(json, null, "Unexpected end-of-input in the summary");
            }
        } catch (JsonProcessingException e) {
            String what =
                    e instanceof JsonEOFException
                            ? "truncated BenchBase summary, no step read: "
                            : "invalid BenchBase summary JSON, no step read: ";
            return List.of(
                    new Parsed.Malformed(line(e.getLocation()), what + e.getOriginalMessage(), ""));
        }
        return summary.records();
    }

    private static long line(JsonLocation location) {
        return location == null ? 1 : Math.max(1, location.getLineNr());
    }

    /** The fields of an object; {@code parent} is "" at the top, else the key that holds it. */
    private void object(JsonParser json, String parent) throws IOException {
        while (json.nextToken() == JsonToken.FIELD_NAME) {
            String key = json.currentName();
            JsonToken value = json.nextToken();
            long line = line(json.currentTokenLocation());
            if (value == null) {
                return;
            }
            if (value == JsonToken.START_OBJECT) {
                if (parent.isEmpty() && key.equals("Latency Distribution")) {
                    object(json, key);
                } else {
                    json.skipChildren();
                }
            } else if (value == JsonToken.START_ARRAY) {
                json.skipChildren();
            } else if (parent.isEmpty()) {
                field(key, json, line);
            } else if (LATENCIES.containsKey(key)) {
                Double micros = number(key, json, line);
                if (micros != null) {
                    metrics.put(LATENCIES.get(key), micros / 1000);
                }
            }
        }
    }

    private void field(String key, JsonParser json, long line) throws IOException {
        String factor = FACTORS.get(key);
        if (factor != null) {
            if (json.currentToken() != JsonToken.VALUE_NULL) {
                factors.put(factor, json.getText());
            }
            return;
        }
        switch (key) {
            case "Throughput (requests/second)" -> put("tps", number(key, json, line));
            case "Goodput (requests/second)" -> put("goodput", number(key, json, line));
            case "Measured Requests" -> put("measured_requests", number(key, json, line));
            case "Elapsed Time (nanoseconds)" -> elapsedNs = number(key, json, line);
            case "Start timestamp (milliseconds)" -> startMs = number(key, json, line);
            case "Current Timestamp (milliseconds)" -> endMs = number(key, json, line);
            case "Final State" -> state = json.getText();
            default -> {}
        }
    }

    private void put(String metric, Double value) {
        if (value != null) {
            metrics.put(metric, value);
        }
    }

    private Double number(String key, JsonParser json, long line) throws IOException {
        if (json.currentToken().isNumeric()) {
            double value = json.getDoubleValue();
            if (Double.isFinite(value)) {
                return value;
            }
        }
        problems.add(
                new Parsed.Malformed(
                        line, "\"" + key + "\": expected a number, got " + json.getText(), ""));
        return null;
    }

    private List<Parsed> records() {
        List<Parsed> out = new ArrayList<>(problems);
        if (!metrics.containsKey("tps")) {
            out.add(
                    new Parsed.Malformed(
                            1,
                            "not a BenchBase summary: no number under \"Throughput (requests/second)\"",
                            ""));
            return out;
        }
        long durationNs = durationNs();
        Instant start = null;
        if (startMs != null) {
            start = Instant.ofEpochMilli(Math.round(startMs));
        } else if (endMs != null && durationNs > 0) {
            start = Instant.ofEpochMilli(Math.round(endMs)).minusNanos(durationNs);
        }
        String error =
                state == null || state.equals("DONE") || state.equals("EXIT")
                        ? null
                        : "BenchBase's final state is "
                                + state.toUpperCase(Locale.ROOT)
                                + ", not DONE or EXIT";
        out.add(
                new Parsed.Step(
                        trial,
                        Collections.unmodifiableMap(factors),
                        "run",
                        start,
                        durationNs,
                        error,
                        Collections.unmodifiableMap(metrics),
                        1));
        return out;
    }

    private long durationNs() {
        if (elapsedNs != null && elapsedNs >= 0) {
            return Math.round(elapsedNs);
        }
        double requests = metrics.getOrDefault("measured_requests", 0.0);
        double tps = metrics.get("tps");
        return requests > 0 && tps > 0 ? Math.round(requests / tps * 1e9) : 0;
    }
}
