package storagebench.logformat.gbak;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The trial's factors, read from the head of the log before the steps so that every step carries
 * the same ones: gbak prints its version ({@code -z}), the page size and what it is doing within
 * its first lines.
 */
final class GbakFactors {
    static final int HEAD_LINES = 100;

    private static final Pattern PREFIX = Pattern.compile("\\s*gbak:\\s*(?:[\\d.]+\\s+)*");
    private static final Pattern VERSION = Pattern.compile("gbak version\\s+(\\S+)");
    private static final Pattern PAGE_SIZE = Pattern.compile("page[ _]size (?:of )?(\\d+) bytes");

    private GbakFactors() {}

    static Map<String, String> of(List<String> head) {
        Map<String, String> factors = new LinkedHashMap<>();
        for (String line : head) {
            Matcher prefix = PREFIX.matcher(line);
            if (prefix.lookingAt()) {
                String message = line.substring(prefix.end()).strip();
                String operation = GbakMessage.classify(message).operation();
                if (operation != null) {
                    factors.putIfAbsent("operation", operation);
                }
                find(VERSION, message, "gbak_version", factors);
                find(PAGE_SIZE, message, "page_size", factors);
            }
        }
        return Collections.unmodifiableMap(factors);
    }

    private static void find(
            Pattern pattern, String message, String factor, Map<String, String> factors) {
        Matcher m = pattern.matcher(message);
        if (m.find()) {
            factors.putIfAbsent(factor, m.group(1));
        }
    }
}
