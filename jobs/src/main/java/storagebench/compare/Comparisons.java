package storagebench.compare;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import storagebench.BadInputException;
import storagebench.report.TrialValue;
import storagebench.report.TrialValues;

/**
 * Comparisons of a dataset's measured trials, per experiment, host and step: each variant against a
 * baseline that differs from it in the compared factor only, the other factors held fixed. Without a
 * baseline, each factor in turn is compared, against its best level in each combination of the others
 * (the fastest, or the highest where higher is better). With {@code --by host}, hosts are compared for
 * each variant. Holm's correction runs over the variants compared with one baseline.
 */
public final class Comparisons {
    /** The factor hosts are compared by. */
    static final String HOST = "host";

    private Comparisons() {}

    /**
     * The comparisons the request asks for, in plan order.
     *
     * @param parquetRoot the dataset
     * @throws BadInputException when the baseline names a factor or value the experiment does not have
     */
    public static List<Comparison> of(Path parquetRoot, CompareRequest request) {
        return of(
                TrialValues.read(
                        parquetRoot, request.metric(), request.experiment(), request.runs()),
                request);
    }

    /** The comparisons of {@code values}, as {@link #of(Path, CompareRequest)}. */
    public static List<Comparison> of(List<TrialValue> values, CompareRequest request) {
        if (values.isEmpty()) {
            return List.of();
        }
        boolean higher = Direction.higherIsBetter(request.metric());
        Map<List<String>, Map<String, Arm>> groups = new LinkedHashMap<>();
        for (TrialValue v : values) {
            List<String> key =
                    List.of(v.experiment(), request.byHost() ? v.variant() : v.host(), v.step());
            String label = request.byHost() ? v.host() : v.variant();
            Map<String, String> factors = request.byHost() ? Map.of(HOST, v.host()) : v.factors();
            groups.computeIfAbsent(key, k -> new LinkedHashMap<>())
                    .computeIfAbsent(label, l -> new Arm(l, factors))
                    .values
                    .add(v.value());
        }
        checkBaseline(groups, request.baseline());
        List<Comparison> out = new ArrayList<>();
        groups.forEach(
                (key, arms) -> {
                    List<Family> families =
                            request.baseline().isEmpty()
                                    ? Family.eachFactor(arms.values(), higher)
                                    : Family.against(arms.values(), request.baseline());
                    for (Family family : families) {
                        out.addAll(family.compare(key, request, higher));
                    }
                });
        return List.copyOf(out);
    }

    /** Every key of the baseline is a factor, and every value one of its levels, somewhere. */
    private static void checkBaseline(
            Map<List<String>, Map<String, Arm>> groups, Map<String, String> baseline) {
        Map<String, Set<String>> levels = new LinkedHashMap<>();
        for (Map<String, Arm> arms : groups.values()) {
            for (Arm arm : arms.values()) {
                arm.factors.forEach(
                        (f, v) -> levels.computeIfAbsent(f, x -> new LinkedHashSet<>()).add(v));
            }
        }
        baseline.forEach(
                (factor, value) -> {
                    Set<String> known = levels.get(factor);
                    if (known == null || !known.contains(value)) {
                        throw new BadInputException(
                                "--baseline "
                                        + factor
                                        + "="
                                        + value
                                        + ": no such variant; the factors and their values are: "
                                        + (levels.isEmpty() ? "none" : describe(levels)));
                    }
                });
    }

    private static String describe(Map<String, Set<String>> levels) {
        List<String> parts = new ArrayList<>();
        levels.forEach((f, v) -> parts.add(f + "=" + String.join("|", v)));
        return String.join(", ", parts);
    }

    /** Variants compared with one baseline: the unit of Holm's correction. */
    record Family(String factor, Arm baseline, List<Arm> others, Map<String, String> fixed) {

        /** For each factor, for each combination of the other factors, against the best level. */
        static List<Family> eachFactor(Collection<Arm> arms, boolean higher) {
            Set<String> factors = new LinkedHashSet<>();
            arms.forEach(a -> factors.addAll(a.factors.keySet()));
            List<Family> families = new ArrayList<>();
            for (String factor : factors) {
                Map<Map<String, String>, List<Arm>> slices = new LinkedHashMap<>();
                for (Arm arm : arms) {
                    if (arm.factors.containsKey(factor)) {
                        slices.computeIfAbsent(without(arm.factors, factor), s -> new ArrayList<>())
                                .add(arm);
                    }
                }
                slices.forEach(
                        (fixed, slice) -> {
                            if (slice.size() > 1) {
                                Comparator<Arm> best = Comparator.comparingDouble(Arm::mean);
                                Arm baseline =
                                        higher
                                                ? slice.stream().max(best).orElseThrow()
                                                : slice.stream().min(best).orElseThrow();
                                List<Arm> others = new ArrayList<>(slice);
                                others.remove(baseline);
                                families.add(new Family(factor, baseline, others, fixed));
                            }
                        });
            }
            return families;
        }

        /** Each variant against the one with the baseline's values and its own other factors. */
        static List<Family> against(Collection<Arm> arms, Map<String, String> baseline) {
            Map<Arm, List<Arm>> byBaseline = new LinkedHashMap<>();
            for (Arm arm : arms) {
                Map<String, String> wanted = new LinkedHashMap<>(arm.factors);
                baseline.forEach(
                        (f, v) -> {
                            if (wanted.containsKey(f)) {
                                wanted.put(f, v);
                            }
                        });
                if (wanted.equals(arm.factors)) {
                    continue;
                }
                arms.stream()
                        .filter(b -> b.factors.equals(wanted))
                        .findFirst()
                        .ifPresent(
                                b ->
                                        byBaseline
                                                .computeIfAbsent(b, x -> new ArrayList<>())
                                                .add(arm));
            }
            List<Family> families = new ArrayList<>();
            byBaseline.forEach(
                    (b, others) -> {
                        Map<String, String> fixed = new LinkedHashMap<>(b.factors);
                        baseline.keySet().forEach(fixed::remove);
                        families.add(
                                new Family(String.join(",", baseline.keySet()), b, others, fixed));
                    });
            return families;
        }

        private static Map<String, String> without(Map<String, String> factors, String factor) {
            Map<String, String> rest = new LinkedHashMap<>(factors);
            rest.remove(factor);
            return rest;
        }

        List<Comparison> compare(List<String> key, CompareRequest request, boolean higher) {
            List<Pair> pairs =
                    others.stream().map(o -> Pair.of(o.values(), baseline.values())).toList();
            double[] adjusted = Holm.adjust(pairs.stream().map(Pair::p).toList());
            List<Comparison> out = new ArrayList<>();
            for (int i = 0; i < others.size(); i++) {
                Pair pair = pairs.get(i);
                Double p = Double.isNaN(adjusted[i]) ? null : adjusted[i];
                out.add(
                        new Comparison(
                                key.get(0),
                                request.byHost() ? others.get(i).label : key.get(1),
                                key.get(2),
                                request.metric(),
                                higher,
                                request.byHost() ? key.get(1) : others.get(i).label,
                                baseline.label,
                                Collections.unmodifiableMap(new LinkedHashMap<>(fixed)),
                                pair.n(),
                                pair.baselineN(),
                                pair.mean(),
                                pair.baselineMean(),
                                pair.ratioOfMeans(),
                                pair.low(),
                                pair.high(),
                                pair.ratioOfMedians(),
                                pair.test(),
                                pair.p(),
                                p,
                                pair.repetitions(),
                                Verdict.of(pair, p, higher, request.metric())));
            }
            return out;
        }
    }
}
