package storagebench.experiment;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The factor matrix: the cartesian product of the factors, where each {@code zip} group counts as
 * one factor whose values advance together; then {@code exclude} rules drop the combinations they
 * match and {@code include} rules add combinations of their own.
 *
 * @param factors each factor's values as written, in declared order
 * @param zip groups of factors whose i-th values belong together
 * @param exclude partial combinations; a variant matching all entries of one is dropped
 * @param include whole combinations added after the product
 */
public record Matrix(
        Map<String, List<String>> factors,
        List<List<String>> zip,
        List<Map<String, String>> exclude,
        List<Map<String, String>> include) {

    public static Matrix of(Map<String, List<String>> factors) {
        return new Matrix(factors, List.of(), List.of(), List.of());
    }

    /** The variants in order, each a factor → value map in declared factor order. */
    public List<Map<String, String>> variants() {
        List<Map<String, String>> result = new ArrayList<>();
        result.add(Map.of());
        for (List<Map<String, String>> dimension : dimensions()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> partial : result) {
                for (Map<String, String> values : dimension) {
                    Map<String, String> combination = new LinkedHashMap<>(partial);
                    combination.putAll(values);
                    next.add(combination);
                }
            }
            result = next;
        }
        List<Map<String, String>> variants = new ArrayList<>();
        for (Map<String, String> combination : result) {
            if (exclude.stream()
                    .noneMatch(rule -> combination.entrySet().containsAll(rule.entrySet()))) {
                variants.add(ordered(combination));
            }
        }
        for (Map<String, String> extra : include) {
            Map<String, String> combination = ordered(extra);
            if (!variants.contains(combination)) {
                variants.add(combination);
            }
        }
        return variants.stream().map(Collections::unmodifiableMap).toList();
    }

    /** One list of value sets per dimension: a zip group, or a factor of its own. */
    private List<List<Map<String, String>>> dimensions() {
        List<List<Map<String, String>>> dimensions = new ArrayList<>();
        List<String> done = new ArrayList<>();
        for (String factor : factors.keySet()) {
            if (done.contains(factor)) {
                continue;
            }
            List<String> group =
                    zip.stream()
                            .filter(g -> g.contains(factor))
                            .findFirst()
                            .orElse(List.of(factor));
            done.addAll(group);
            List<Map<String, String>> dimension = new ArrayList<>();
            for (int i = 0; i < factors.get(group.get(0)).size(); i++) {
                Map<String, String> values = new LinkedHashMap<>();
                for (String member : group) {
                    values.put(member, factors.get(member).get(i));
                }
                dimension.add(values);
            }
            dimensions.add(dimension);
        }
        return dimensions;
    }

    private Map<String, String> ordered(Map<String, String> combination) {
        Map<String, String> ordered = new LinkedHashMap<>();
        factors.keySet().forEach(f -> ordered.put(f, combination.get(f)));
        return ordered;
    }
}
