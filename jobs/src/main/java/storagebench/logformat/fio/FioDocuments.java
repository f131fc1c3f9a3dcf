package storagebench.logformat.fio;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import storagebench.logformat.LineReader;

/**
 * Reads fio's JSON output. Lines before the first line starting with '{' are skipped (fio and shells
 * print warnings such as "note: both iodepth >= 1 and synchronous I/O engine are selected" first).
 * With --status-interval fio prints one cumulative document per interval: every document is read and
 * the last one kept. Text after the last document is ignored. The text comes from {@link LineReader#text}:
 * bytes that are not UTF-8 become U+FFFD, a byte order mark is dropped.
 */
final class FioDocuments {
    private static final int MARK_LIMIT = 64 * 1024;
    private static final ObjectMapper JSON =
            new ObjectMapper(
                    JsonFactory.builder()
                            .streamReadConstraints(
                                    StreamReadConstraints.builder()
                                            .maxStringLength(1 << 20)
                                            .maxNestingDepth(64)
                                            .build())
                            .build());

    private FioDocuments() {}

    static FioRun read(Path file) throws IOException, FioFormatException {
        try (BufferedReader in =
                new BufferedReader(LineReader.text(file, StandardCharsets.UTF_8), MARK_LIMIT)) {
            long skipped = skipToJson(in);
            if (skipped < 0) {
                throw new FioFormatException(
                        1,
                        "no JSON document: fio --output-format=json output has a line "
                                + "starting with '{', this file has none");
            }
            return lastDocument(in, skipped);
        }
    }

    /** Lines skipped before the first line whose first non-blank character is '{'; -1 when there is none. */
    private static long skipToJson(BufferedReader in) throws IOException {
        for (long skipped = 0; ; skipped++) {
            in.mark(MARK_LIMIT);
            int blanks = 0;
            int c = in.read();
            while ((c == ' ' || c == '\t' || c == '\r' || c == '\uFEFF')
                    && blanks < MARK_LIMIT - 2) {
                blanks++;
                c = in.read();
            }
            if (c == '{') {
                in.reset();
                in.skip(blanks);
                return skipped;
            }
            while (c != '\n' && c != -1) {
                c = in.read();
            }
            if (c == -1) {
                return -1;
            }
        }
    }

    private static FioRun lastDocument(BufferedReader in, long skipped)
            throws IOException, FioFormatException {
        try (JsonParser json = JSON.createParser(in)) {
            FioRun last = null;
            while (true) {
                JsonToken token;
                try {
                    token = json.nextToken();
                } catch (JsonProcessingException e) {
                    if (last != null) {
                        return last; // text after the output
                    }
                    throw invalid(e, skipped);
                }
                if (token != JsonToken.START_OBJECT) {
                    return last;
                }
                try {
                    last = document(json, skipped);
                } catch (JsonProcessingException e) {
                    throw invalid(e, skipped);
                }
            }
        }
    }

    private static FioRun document(JsonParser json, long skipped)
            throws IOException, FioFormatException {
        long line = skipped + json.currentTokenLocation().getLineNr();
        String version = null;
        Instant reported = null;
        Instant reportedSeconds = null;
        JsonNode global = MissingNode.getInstance();
        List<FioRun.Job> jobs = null;
        while (json.nextToken() == JsonToken.FIELD_NAME) {
            String name = json.currentName();
            JsonToken value = json.nextToken();
            switch (name) {
                case "fio version" ->
                        version = value.isScalarValue() ? json.getValueAsString() : null;
                case "timestamp_ms" -> reported = epoch(json, value, 1);
                case "timestamp" -> reportedSeconds = epoch(json, value, 1000);
                case "global options" -> global = json.readValueAsTree();
                case "jobs" -> jobs = value == JsonToken.START_ARRAY ? jobs(json, skipped) : null;
                default -> {}
            }
            json.skipChildren();
        }
        if (json.currentToken() != JsonToken.END_OBJECT) {
            throw new JsonEOFException(json, null, "Unexpected end-of-input in a document");
        }
        if (version == null) {
            throw new FioFormatException(
                    line, "a JSON document without \"fio version\": not fio --output-format=json");
        }
        if (jobs == null) {
            throw new FioFormatException(
                    line, "fio JSON without a \"jobs\" array (fio --client output is not read)");
        }
        return new FioRun(
                line, version, reported != null ? reported : reportedSeconds, global, jobs);
    }

    /** A whole number of {@code unit}s of milliseconds since 1970 as an instant; null for anything else. */
    private static Instant epoch(JsonParser json, JsonToken value, long unit) throws IOException {
        if (value != JsonToken.VALUE_NUMBER_INT
                || json.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
            return null;
        }
        long n = json.getLongValue();
        return n > 0 && n < Long.MAX_VALUE / unit ? Instant.ofEpochMilli(n * unit) : null;
    }

    private static List<FioRun.Job> jobs(JsonParser json, long skipped) throws IOException {
        List<FioRun.Job> jobs = new ArrayList<>();
        for (JsonToken t = json.nextToken(); t != JsonToken.END_ARRAY; t = json.nextToken()) {
            if (t == null) {
                throw new JsonEOFException(json, null, "Unexpected end-of-input in the jobs array");
            }
            long line = skipped + json.currentTokenLocation().getLineNr();
            jobs.add(new FioRun.Job(json.readValueAsTree(), line));
        }
        return jobs;
    }

    private static FioFormatException invalid(JsonProcessingException e, long skipped) {
        long line =
                skipped + (e.getLocation() == null ? 1 : Math.max(1, e.getLocation().getLineNr()));
        String what =
                e instanceof JsonEOFException
                        ? "truncated fio JSON, no steps read: "
                        : "invalid fio JSON: ";
        return new FioFormatException(line, what + e.getOriginalMessage());
    }
}
