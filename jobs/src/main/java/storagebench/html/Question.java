package storagebench.html;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import storagebench.report.SummaryRow;
import storagebench.report.VariantStats;

/**
 * The question an experiment asks: its config's {@code description} where its run recorded one, else
 * the factors it varies and what they are measured by ("Does `init` change the duration?").
 */
final class Question {
    private Question() {}

    static String of(ExperimentView view, String measure) {
        if (view.question() != null && !view.question().isBlank()) {
            return view.question();
        }
        List<String> varied = varied(view.summary());
        String what = VariantStats.DURATION.equals(measure) ? "the duration" : measure;
        if (varied.isEmpty()) {
            return "How do the variants compare in " + what + "?";
        }
        String factors =
                varied.size() == 1
                        ? "`" + varied.get(0) + "`"
                        : "`"
                                + String.join("`, `", varied.subList(0, varied.size() - 1))
                                + "` and `"
                                + varied.get(varied.size() - 1)
                                + "`";
        return (varied.size() == 1 ? "Does " : "Do ") + factors + " change " + what + "?";
    }

    /** The factors with more than one value among the rows, in the plan's order. */
    private static List<String> varied(List<SummaryRow> rows) {
        Map<String, Set<String>> levels = new LinkedHashMap<>();
        rows.forEach(
                r ->
                        r.factors()
                                .forEach(
                                        (f, v) ->
                                                levels.computeIfAbsent(
                                                                f, x -> new LinkedHashSet<>())
                                                        .add(v)));
        return levels.entrySet().stream()
                .filter(e -> e.getValue().size() > 1)
                .map(Map.Entry::getKey)
                .toList();
    }
}
