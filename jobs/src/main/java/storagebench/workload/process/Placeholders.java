package storagebench.workload.process;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import storagebench.config.SecretReferences;

/**
 * {@code {name}} placeholders in command text, replaced by a trial's values. {@code {{} and
 * {@code }}} stand for literal braces (a shell's {@code ${HOME}} is written {@code ${{HOME}}});
 * a lone {@code }} is kept as it is. A secret's reference, {@code ${env:NAME}} or {@code ${file:PATH}},
 * is kept as it is too: {@link ProcessRun} resolves it when the program starts.
 */
public final class Placeholders {

    private Placeholders() {}

    /** The placeholder names in the text, in order of first use. */
    public static Set<String> names(String text) {
        Set<String> names = new LinkedHashSet<>();
        scan(
                text,
                name -> {
                    names.add(name);
                    return "";
                });
        return names;
    }

    /** The text with every placeholder replaced; an unknown name is refused, naming it and the known ones. */
    public static String substitute(String text, Map<String, String> values) {
        return scan(
                text,
                name -> {
                    String value = values.get(name);
                    if (value == null) {
                        throw new IllegalArgumentException(
                                "unknown placeholder {"
                                        + name
                                        + "}; known: "
                                        + String.join(
                                                ", ",
                                                new TreeSet<>(values.keySet())
                                                        .stream().map(n -> "{" + n + "}").toList())
                                        + " (write {{ and }} for literal braces)");
                    }
                    return value;
                });
    }

    private static String scan(String text, UnaryOperator<String> replace) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            int reference = c == '$' ? SecretReferences.endAt(text, i) : -1;
            if (reference > 0) {
                // ${env:NAME} and ${file:PATH} are resolved when the program starts (ProcessRun)
                out.append(text, i, reference);
                i = reference;
            } else if ((c == '{' || c == '}') && i + 1 < text.length() && text.charAt(i + 1) == c) {
                out.append(c);
                i += 2;
            } else if (c == '{') {
                int end = text.indexOf('}', i + 1);
                if (end < 0) {
                    throw new IllegalArgumentException(
                            "unclosed { at character "
                                    + (i + 1)
                                    + " (write {{ for a literal brace): "
                                    + text);
                }
                out.append(replace.apply(text.substring(i + 1, end)));
                i = end + 1;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }
}
