package storagebench.html;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Escaping for the page: every value from the dataset passes through here on its way in. */
final class Html {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([a-z]+)}}");

    private Html() {}

    /** Text for an element's content or a quoted attribute value. */
    static String text(String value) {
        if (value == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(value.length() + 16);
        value.codePoints()
                .forEach(
                        c -> {
                            switch (c) {
                                case '&' -> out.append("&amp;");
                                case '<' -> out.append("&lt;");
                                case '>' -> out.append("&gt;");
                                case '"' -> out.append("&quot;");
                                case '\'' -> out.append("&#39;");
                                default -> {
                                    if (c < 0x20 && c != '\n' && c != '\t') {
                                        out.append('\uFFFD');
                                    } else {
                                        out.appendCodePoint(c);
                                    }
                                }
                            }
                        });
        return out.toString();
    }

    /**
     * JSON to place inside a {@code <script>} element: {@code <}, {@code >} and {@code &} (so no
     * {@code </script>} or comment can end it early) and the line separators JavaScript once
     * refused are written as {@code \\u} escapes, which is the same JSON.
     */
    static String scriptJson(Object value) {
        try {
            return JSON.writeValueAsString(value)
                    .replace("<", "\\u003c")
                    .replace(">", "\\u003e")
                    .replace("&", "\\u0026")
                    .replace("\u2028", "\\u2028")
                    .replace("\u2029", "\\u2029");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the page's data", e);
        }
    }

    /**
     * The template with each {@code {{name}}} replaced by its value in one pass, so a value that
     * happens to contain {@code {{…}}} is never replaced in turn.
     */
    static String fill(String template, Map<String, String> values) {
        Matcher m = PLACEHOLDER.matcher(template);
        StringBuilder out = new StringBuilder(template.length() + (1 << 20));
        int copied = 0;
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) {
                throw new IllegalStateException("no value for {{" + m.group(1) + "}}");
            }
            // appended as it is: a replacement string would be scanned for $ and \ char by char
            out.append(template, copied, m.start()).append(value);
            copied = m.end();
        }
        return out.append(template, copied, template.length()).toString();
    }
}
