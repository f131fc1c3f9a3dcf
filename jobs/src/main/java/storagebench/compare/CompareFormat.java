package storagebench.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import storagebench.report.Cells;
import storagebench.report.SharedFactors;

/**
 * How comparisons are written: {@code TEXT} for people (a verdict a line, grouped by experiment, host,
 * step and metric, naming the test; each side by the factors that tell it apart, the held-fixed ones
 * after them, those held in every comparison of an experiment once above its first; the host's
 * mechanism on a line under a pair's first verdict that found a difference, else its first, where
 * there is one), {@code MARKDOWN} for tickets (each side likewise, the held-fixed factors in a
 * column), {@code CSV} and {@code JSON} for tools (every figure at full precision, one column per
 * held-fixed factor as {@code fixed.NAME}).
 */
public enum CompareFormat {
    TEXT {
        @Override
        public String render(List<Comparison> rows) {
            StringBuilder out = new StringBuilder();
            String group = null;
            // a pair's why line once, the same for every metric: under its first verdict that found
            // a difference, else under its first
            Map<List<String>, Comparison> whyUnder = new java.util.HashMap<>();
            for (Comparison c : rows) {
                if (c.mechanism() != null) {
                    Comparison first = whyUnder.get(pair(c));
                    if (first == null || (!found(first) && found(c))) {
                        whyUnder.put(pair(c), c);
                    }
                }
            }
            Map<String, Map<String, String>> shared = sharedFixed(rows);
            String experiment = null;
            for (Comparison c : rows) {
                Map<String, String> said = shared.getOrDefault(c.experiment(), Map.of());
                if (!c.experiment().equals(experiment)) {
                    experiment = c.experiment();
                    if (!said.isEmpty()) {
                        out.append(group == null ? "" : "\n")
                                .append(experiment)
                                .append(": every variant compared has ")
                                .append(SharedFactors.label(said))
                                .append('\n');
                        group = "";
                    }
                }
                String heading =
                        c.experiment()
                                + " · "
                                + c.host()
                                + (c.configuration().isEmpty()
                                        ? ""
                                        : " · configuration " + c.configuration())
                                + " · "
                                + c.step()
                                + " · "
                                + c.metric()
                                + (c.test() == null ? "" : " (" + c.test() + ", Holm-adjusted)");
                if (!heading.equals(group)) {
                    out.append(group == null || group.isEmpty() ? "" : "\n")
                            .append(heading)
                            .append('\n');
                    group = heading;
                }
                String held = VerdictSentence.fixed(c, said.keySet());
                out.append("  ")
                        .append(VerdictSentence.distinct(c.variant(), c.fixed()))
                        .append(" vs ")
                        .append(VerdictSentence.distinct(c.baseline(), c.fixed()))
                        .append(held.isEmpty() ? "" : " (with " + held + ")")
                        .append(": ")
                        .append(c.verdict())
                        .append('\n');
                if (c.mechanism() != null && whyUnder.get(pair(c)) == c) {
                    out.append("    why: ").append(c.mechanism()).append('\n');
                }
            }
            return out.toString();
        }
    },
    MARKDOWN {
        @Override
        public String render(List<Comparison> rows) {
            // each side by what tells it apart, the held-fixed factors in a column of their own
            boolean held = rows.stream().anyMatch(c -> !c.fixed().isEmpty());
            StringBuilder out =
                    new StringBuilder(
                            "| experiment | host | step | metric | variant | baseline |"
                                    + (held ? " held fixed |" : "")
                                    + " verdict | test |\n"
                                    + "|---|---|---|---|---|---|"
                                    + (held ? "---|" : "")
                                    + "---|---|\n");
            for (Comparison c : rows) {
                out.append("| ")
                        .append(
                                String.join(
                                                " | ",
                                                cell(
                                                        c.configuration().isEmpty()
                                                                ? c.experiment()
                                                                : c.experiment()
                                                                        + " ("
                                                                        + c.configuration()
                                                                        + ")"),
                                                cell(c.host()),
                                                cell(c.step()),
                                                cell(c.metric()),
                                                cell(
                                                        VerdictSentence.distinct(
                                                                c.variant(), c.fixed())),
                                                cell(
                                                        VerdictSentence.distinct(
                                                                c.baseline(), c.fixed())))
                                        + (held
                                                ? " | " + cell(VerdictSentence.fixed(c, Set.of()))
                                                : "")
                                        + " | "
                                        + String.join(
                                                " | ",
                                                cell(
                                                        c.mechanism() == null
                                                                ? c.verdict()
                                                                : c.verdict()
                                                                        + "; why: "
                                                                        + c.mechanism()),
                                                cell(c.test() == null ? "" : c.test())))
                        .append(" |\n");
            }
            return out.toString();
        }
    },
    CSV {
        @Override
        public String render(List<Comparison> rows) {
            List<String> keys = keys(rows);
            StringBuilder out =
                    new StringBuilder(
                                    keys.stream().map(Cells::csv).collect(Collectors.joining(",")))
                            .append('\n');
            for (Comparison c : rows) {
                Map<String, Object> row = row(c);
                out.append(
                                keys.stream()
                                        .map(k -> Cells.csv(row.get(k)))
                                        .collect(Collectors.joining(",")))
                        .append('\n');
            }
            return out.toString();
        }
    },
    JSON {
        @Override
        public String render(List<Comparison> rows) {
            return rows.stream()
                    .map(
                            c ->
                                    row(c).entrySet().stream()
                                            .map(
                                                    e ->
                                                            Cells.json(e.getKey())
                                                                    + ": "
                                                                    + Cells.json(e.getValue()))
                                            .collect(Collectors.joining(", ", "  {", "}")))
                    .collect(Collectors.joining(",\n", "[\n", rows.isEmpty() ? "]\n" : "\n]\n"));
        }
    };

    private static final Map<String, Function<Comparison, Object>> FIELDS = fields();

    /** The two arms a comparison sets side by side, whatever its metric. */
    private static List<String> pair(Comparison c) {
        return List.of(
                c.experiment(), c.host(), c.configuration(), c.step(), c.variant(), c.baseline());
    }

    /** Whether a comparison found a difference. */
    private static boolean found(Comparison c) {
        return Verdict.differs(c.pAdjusted(), c.low(), c.high());
    }

    public abstract String render(List<Comparison> rows);

    /** The format named {@code name}: text, markdown, csv or json. */
    public static CompareFormat of(String name) {
        for (CompareFormat f : values()) {
            if (f.name().equalsIgnoreCase(name.strip())) {
                return f;
            }
        }
        throw new IllegalArgumentException(
                "unknown format '" + name + "'; one of text, markdown, csv, json");
    }

    private static Map<String, Function<Comparison, Object>> fields() {
        Map<String, Function<Comparison, Object>> f = new LinkedHashMap<>();
        f.put("experiment", Comparison::experiment);
        f.put("host", Comparison::host);
        f.put("configuration", Comparison::configuration);
        f.put("step", Comparison::step);
        f.put("metric", Comparison::metric);
        f.put("higher_is_better", c -> String.valueOf(c.higherIsBetter()));
        f.put("variant", Comparison::variant);
        f.put("baseline", Comparison::baseline);
        f.put("n", Comparison::n);
        f.put("baseline_n", Comparison::baselineN);
        f.put("mean", Comparison::mean);
        f.put("baseline_mean", Comparison::baselineMean);
        f.put("ratio_of_means", Comparison::ratioOfMeans);
        f.put("ratio_ci95_low", Comparison::low);
        f.put("ratio_ci95_high", Comparison::high);
        f.put("ratio_of_medians", Comparison::ratioOfMedians);
        f.put("test", Comparison::test);
        f.put("p", Comparison::p);
        f.put("p_holm", Comparison::pAdjusted);
        f.put("repetitions_for_5_percent", Comparison::repetitions);
        f.put("verdict", Comparison::verdict);
        f.put("mechanism", Comparison::mechanism);
        return f;
    }

    private static Map<String, Object> row(Comparison c) {
        Map<String, Object> row = new LinkedHashMap<>();
        FIELDS.forEach((k, f) -> row.put(k, f.apply(c)));
        c.fixed().forEach((k, v) -> row.put("fixed." + k, v));
        return row;
    }

    /** The fields, then every held-fixed factor of any row. */
    private static List<String> keys(List<Comparison> rows) {
        List<String> keys = new ArrayList<>(FIELDS.keySet());
        rows.forEach(
                c ->
                        c.fixed().keySet().stream()
                                .map(k -> "fixed." + k)
                                .filter(k -> !keys.contains(k))
                                .forEach(keys::add));
        return keys;
    }

    /**
     * Per experiment, the held-fixed factors that every one of its comparisons holds, with one value:
     * every variant compared has them, so the text says them once, in the order its first variant's
     * label names them.
     */
    private static Map<String, Map<String, String>> sharedFixed(List<Comparison> rows) {
        Map<String, List<Map<String, String>>> fixed = new LinkedHashMap<>();
        Map<String, String> first = new LinkedHashMap<>();
        rows.forEach(
                c -> {
                    fixed.computeIfAbsent(c.experiment(), e -> new ArrayList<>()).add(c.fixed());
                    first.putIfAbsent(c.experiment(), c.variant());
                });
        Map<String, Map<String, String>> shared = new LinkedHashMap<>();
        fixed.forEach(
                (experiment, maps) ->
                        shared.put(
                                experiment,
                                SharedFactors.inOrderOf(
                                        first.get(experiment), SharedFactors.common(maps))));
        return shared;
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
