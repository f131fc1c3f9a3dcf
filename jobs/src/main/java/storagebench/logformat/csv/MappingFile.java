package storagebench.logformat.csv;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;
import storagebench.BadInputException;
import storagebench.config.InputLimits;

/**
 * A column mapping kept in a YAML file, with the same keys as the options, flat
 * ({@code map.step: phase}) or nested ({@code map: {step: phase}}).
 */
final class MappingFile {
    private MappingFile() {}

    static Map<String, String> load(Path path) {
        Object document;
        InputLimits.checkSize(path, "mapping file");
        try (Reader in = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            document = new Yaml(new SafeConstructor(InputLimits.yaml())).load(in);
        } catch (IOException | YAMLException e) {
            throw new BadInputException(
                    "csv: mapping file " + path + ": " + firstLine(e.getMessage()));
        }
        Map<String, String> options = new LinkedHashMap<>();
        if (document == null) {
            return options;
        }
        if (!(document instanceof Map<?, ?> root)) {
            throw new BadInputException(
                    "csv: mapping file " + path + ": expected keys such as map.step: phase");
        }
        flatten(path, "", root, options);
        return options;
    }

    private static void flatten(Path path, String prefix, Map<?, ?> map, Map<String, String> into) {
        for (Map.Entry<?, ?> e : map.entrySet()) {
            String key = prefix + e.getKey();
            Object value = e.getValue();
            if (value instanceof Map<?, ?> nested) {
                flatten(path, key + ".", nested, into);
            } else if (value == null || value instanceof Iterable<?>) {
                throw new BadInputException(
                        "csv: mapping file "
                                + path
                                + ": key "
                                + key
                                + ": expected one value (a column name or a setting)");
            } else {
                into.put(key, String.valueOf(value));
            }
        }
    }

    private static String firstLine(String message) {
        return message == null ? "cannot be read" : message.lines().findFirst().orElse(message);
    }
}
