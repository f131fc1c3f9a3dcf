package storagebench.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import storagebench.events.VariantLabel;

/**
 * The factors that every variant of an experiment among the rows shown has, with one value: said once
 * above the tables, so that each variant is named by what tells it apart. An imported pgbench log's
 * header values ({@code clients=2, scaling_factor=2, pgbench_version=15.18 (…)}, about 190 characters)
 * are the factors of its run's one variant; a matrix factor of one level is the same in every
 * variant. Only an experiment whose every variant is named by its factors ({@link VariantLabel}) is
 * shortened; a variant known by its label alone keeps it.
 */
public final class SharedFactors {
    /** Per experiment with shared factors: those factors. */
    private final Map<String, Map<String, String>> common;

    /** Per experiment with shared factors: each variant's label, by its own factors. */
    private final Map<String, Map<String, String>> own;

    private SharedFactors(
            Map<String, Map<String, String>> common, Map<String, Map<String, String>> own) {
        this.common = common;
        this.own = own;
    }

    /** None: every variant shown by its whole label. */
    public static SharedFactors none() {
        return new SharedFactors(Map.of(), Map.of());
    }

    /** The factors shared by every variant of each experiment among {@code rows}. */
    public static SharedFactors among(List<SummaryRow> rows) {
        Map<String, List<SummaryRow>> experiments = new LinkedHashMap<>();
        rows.forEach(
                r -> experiments.computeIfAbsent(r.experiment(), e -> new ArrayList<>()).add(r));
        Map<String, Map<String, String>> common = new LinkedHashMap<>();
        Map<String, Map<String, String>> own = new LinkedHashMap<>();
        experiments.forEach(
                (experiment, its) -> {
                    Map<String, Map<String, String>> factors = new LinkedHashMap<>();
                    for (SummaryRow r : its) {
                        Map<String, String> named = inLabelOrder(r.variant(), r.factors());
                        if (named == null) {
                            return;
                        }
                        factors.put(r.variant(), named);
                    }
                    Map<String, String> shared = common(factors.values());
                    if (!shared.isEmpty()) {
                        common.put(experiment, shared);
                        Map<String, String> labels = new LinkedHashMap<>();
                        factors.forEach(
                                (variant, named) -> {
                                    Map<String, String> rest = new LinkedHashMap<>(named);
                                    rest.keySet().removeAll(shared.keySet());
                                    labels.put(
                                            variant, rest.isEmpty() ? "" : VariantLabel.of(rest));
                                });
                        own.put(experiment, labels);
                    }
                });
        return new SharedFactors(common, own);
    }

    /**
     * The factors in the order the label names them, or null where the label is not theirs (a variant
     * known by its label alone, or none): the dataset's maps keep no order.
     */
    private static Map<String, String> inLabelOrder(String label, Map<String, String> factors) {
        if (factors.isEmpty()) {
            return null;
        }
        Map<String, String> ordered = inOrderOf(label, factors);
        return VariantLabel.of(ordered).equals(label) ? ordered : null;
    }

    /**
     * {@code factors} in the order {@code label} names them ({@code k=v}), those it does not name
     * last, in their own order: the dataset's maps keep no order, a variant's label does.
     */
    public static Map<String, String> inOrderOf(String label, Map<String, String> factors) {
        List<Map.Entry<String, String>> entries = new ArrayList<>(factors.entrySet());
        Map<Map.Entry<String, String>, Integer> at = new HashMap<>();
        for (Map.Entry<String, String> e : entries) {
            int i = label.indexOf(e.getKey() + "=" + e.getValue());
            at.put(e, i < 0 ? Integer.MAX_VALUE : i);
        }
        entries.sort(Comparator.comparing(at::get));
        Map<String, String> ordered = new LinkedHashMap<>();
        entries.forEach(e -> ordered.put(e.getKey(), e.getValue()));
        return ordered;
    }

    /**
     * The factors that every one of {@code variants} has, with one value, in the first's order; none
     * where there are no variants.
     */
    public static Map<String, String> common(Collection<Map<String, String>> variants) {
        if (variants.isEmpty()) {
            return Map.of();
        }
        Map<String, String> common = new LinkedHashMap<>(variants.iterator().next());
        for (Map<String, String> factors : variants) {
            common.entrySet().removeIf(e -> !e.getValue().equals(factors.get(e.getKey())));
        }
        return common;
    }

    /**
     * The row's variant by the factors that tell it apart: empty where it has no other (the
     * experiment's one variant).
     */
    public String variant(SummaryRow row) {
        return variant(row.experiment(), row.variant());
    }

    /** As {@link #variant(SummaryRow)}, for the variant of that label in that experiment. */
    public String variant(String experiment, String variant) {
        Map<String, String> labels = own.get(experiment);
        return labels == null ? variant : labels.getOrDefault(variant, variant);
    }

    /**
     * As {@link #variant(String, String)}, where that is empty the name of a variant with no factors of
     * its own, {@code default}: a name for a chart.
     */
    public String name(String experiment, String variant) {
        String own = variant(experiment, variant);
        return own.isEmpty() ? VariantLabel.of(Map.of()) : own;
    }

    /** The names of the factors every variant of the experiment has, with one value. */
    public Set<String> names(String experiment) {
        return common.getOrDefault(experiment, Map.of()).keySet();
    }

    /**
     * The factors every variant of the experiment has, with one value, as one label ({@code
     * clients=2, scaling_factor=2}); empty where it has none.
     */
    public String of(String experiment) {
        return label(common.getOrDefault(experiment, Map.of()));
    }

    /** Factors as one label, {@code k=v, …}; empty where there are none. */
    public static String label(Map<String, String> factors) {
        return factors.isEmpty() ? "" : VariantLabel.of(factors);
    }

    /**
     * The parts ({@code k=v}) that every one of {@code labels} has, for labels whose factors are not at
     * hand (a trend's series): none where a label has a part that is not {@code k=v} (a label alone,
     * or a value with {@code ", "} in it, which no split can tell apart).
     */
    public static List<String> sharedParts(Collection<String> labels) {
        List<String> shared = null;
        for (String label : labels) {
            List<String> parts = List.of(label.split(", "));
            if (parts.stream().anyMatch(p -> p.indexOf('=') <= 0)) {
                return List.of();
            }
            if (shared == null) {
                shared = new ArrayList<>(parts);
            } else {
                shared.retainAll(parts);
            }
        }
        return shared == null ? List.of() : shared;
    }

    /** The label without {@code parts} ({@link #sharedParts}): empty where it has no other. */
    public static String without(String label, List<String> parts) {
        if (parts.isEmpty()) {
            return label;
        }
        List<String> own = new ArrayList<>(List.of(label.split(", ")));
        own.removeAll(parts);
        return String.join(", ", own);
    }

    /**
     * A line per experiment with shared factors, {@code EXPERIMENT: every variant has k=v, …}; each a
     * list item where {@code markdown}; empty where there are none.
     */
    public String lines(boolean markdown) {
        StringBuilder out = new StringBuilder();
        common.forEach(
                (experiment, shared) ->
                        out.append(markdown ? "- " : "")
                                .append(TextTable.escape(experiment))
                                .append(": every variant has ")
                                .append(TextTable.escape(label(shared)))
                                .append('\n'));
        return out.toString();
    }
}
