package storagebench.events;

import java.util.Map;

/** A variant's factor values as one label, e.g. {@code init=zero, file-size=8MB}; {@code default} without factors. */
public final class VariantLabel {
    private VariantLabel() {}

    public static String of(Map<String, String> factors) {
        if (factors.isEmpty()) {
            return "default";
        }
        StringBuilder label = new StringBuilder();
        factors.forEach(
                (k, v) ->
                        label.append(label.length() == 0 ? "" : ", ")
                                .append(k)
                                .append('=')
                                .append(v));
        return label.toString();
    }
}
