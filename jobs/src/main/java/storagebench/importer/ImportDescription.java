package storagebench.importer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.TreeMap;

/**
 * An import as the RunStarted's config text: format, file name, size, SHA-256, parser options and
 * added factors, one per line (YAML, values in JSON form so any file name reads back).
 */
final class ImportDescription {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ImportDescription() {}

    static String of(ImportRequest request, SourceFile source) {
        return "import:\n"
                + "  format: "
                + json(request.parser().name())
                + "\n"
                + "  file: "
                + json(source.name())
                + "\n"
                + "  size_bytes: "
                + source.size()
                + "\n"
                + "  sha256: "
                + json(source.sha256())
                + "\n"
                + "  options: "
                + json(new TreeMap<>(request.options()))
                + "\n"
                + "  factors: "
                + json(request.factors())
                + "\n";
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
