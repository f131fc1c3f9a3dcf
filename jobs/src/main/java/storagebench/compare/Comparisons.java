package storagebench.compare;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import storagebench.BadInputException;
import storagebench.report.Baselines;
import storagebench.report.FactorSlices;
import storagebench.report.HeadlineTable;
import storagebench.report.HostFigure;
import storagebench.report.LatestConfigs;
import storagebench.report.Tables;
import storagebench.report.TrialValue;
import storagebench.report.TrialValues;
import storagebench.report.Unsteady;
import storagebench.report.VariantRow;
import storagebench.report.VariantStats;

/**
 * Comparisons of a dataset's measured trials, per experiment, host and step: each variant against a
 * baseline that differs from it in the compared factor only, the other factors held fixed. Without a
 * baseline, each factor in turn is compared, against its best level in each combination of the others
 * (the fastest, or the highest where higher is better). With {@code --by host}, hosts are compared for
 * each variant. Holm's correction runs over the variants compared with one baseline.
 */
public final class Comparisons {
    /** The factor hosts are compared by. */
    public static final String HOST = "host";

    private Comparisons() {}

    /**
     * The metrics compared when none is asked for: the duration and the workloads' headline metrics.
     * Asked for together, the duration is compared for the steps that no headline metric measures
     * (a step that {@code iops} or {@code tpm} measures ran for the length it was set to).
     */
    public static List<String> defaultMetrics() {
        return List.copyOf(HeadlineTable.metrics());
    }

    /**
     * The comparisons the request asks for, in plan order, from the statistics of the dataset; the
     * values themselves are read only where a value is not positive (the Mann–Whitney test).
     *
     * @param parquetRoot the dataset
     * @throws BadInputException when the baseline names a factor or value the experiment does not have
     */
    public static List<Comparison> of(Path parquetRoot, CompareRequest request) {
        return of(parquetRoot, request, List.of(request.metric()));
    }

    /**
     * The comparisons of each of {@code metrics} in turn, as {@link #of(Path, CompareRequest)} for each,
     * from one read of the dataset.
     */
    public static List<Comparison> of(
            Path parquetRoot, CompareRequest request, List<String> metrics) {
        try (Tables tables = Tables.open(parquetRoot, request.hosts(), request.experiment())) {
            List<VariantStats> stats =
                    VariantStats.read(
                            tables,
                            new VariantStats.Query(
                                    request.experiment(),
                                    request.runs(),
                                    request.hosts(),
                                    metrics,
                                    false,
                                    request.pool()));
            return of(tables, stats, request, metrics);
        }
    }

    /**
     * The comparisons of each of {@code metrics} in turn from statistics already read ({@code stats},
     * over the request's runs); the values are read from the dataset where a test needs them.
     */
    public static List<Comparison> of(
            Path parquetRoot,
            List<VariantStats> stats,
            CompareRequest request,
            List<String> metrics) {
        try (Tables tables = Tables.open(parquetRoot, request.hosts(), request.experiment())) {
            return of(tables, stats, request, metrics);
        }
    }

    private static List<Comparison> of(
            Tables tables, List<VariantStats> all, CompareRequest request, List<String> metrics) {
        // beside the headline metrics, the duration of the steps they do not measure
        List<VariantStats> stats =
                metrics.size() > 1 && metrics.contains(CompareRequest.DURATION)
                        ? HeadlineTable.withoutMeasuredDurations(all)
                        : all;
        Map<String, Map<String, String>> declared =
                request.baseline().isEmpty() && !request.byHost()
                        ? Baselines.declared(LatestConfigs.read(tables, request.experiment()))
                        : Map.of();
        List<Comparison> out = new ArrayList<>();
        for (String metric : metrics) {
            CompareRequest one = request.withMetric(metric);
            out.addAll(of(stats, values(tables, one), one, declared));
        }
        if (out.isEmpty()) {
            return List.of();
        }
        return flagUnsteady(
                Mechanism.explain(
                        out,
                        HostFigure.read(tables, request.experiment(), request.runs(), null),
                        request.byHost()),
                Unsteady.read(tables, request.experiment(), request.runs(), null),
                request.byHost());
    }

    /**
     * Each verdict with the arms that have trials that never reached steady state named after it:
     * {@code ; not steady: threads=1 2 of 3 trials}.
     */
    public static List<Comparison> flagUnsteady(
            List<Comparison> comparisons, List<Unsteady> unsteady, boolean byHost) {
        if (unsteady.isEmpty()) {
            return comparisons;
        }
        Map<List<String>, Unsteady> byArm = new HashMap<>();
        unsteady.forEach(
                u -> byArm.put(List.of(u.experiment(), u.host(), u.variant(), u.step()), u));
        List<Comparison> out = new ArrayList<>();
        for (Comparison c : comparisons) {
            List<String> notes = new ArrayList<>();
            Unsteady arm = byArm.get(List.of(c.experiment(), c.host(), c.variant(), c.step()));
            Unsteady base =
                    byArm.get(
                            byHost
                                    ? List.of(c.experiment(), c.baseline(), c.variant(), c.step())
                                    : List.of(c.experiment(), c.host(), c.baseline(), c.step()));
            if (arm != null) {
                notes.add((byHost ? c.host() : c.variant()) + " " + arm.trials());
            }
            if (base != null) {
                notes.add(c.baseline() + " " + base.trials());
            }
            out.add(
                    notes.isEmpty()
                            ? c
                            : c.withVerdict(
                                    c.verdict() + "; not steady: " + String.join(", ", notes)));
        }
        return List.copyOf(out);
    }

    /** The values of the request's metric, read once, when first asked for. */
    private static Supplier<Map<List<String>, double[]>> values(
            Tables tables, CompareRequest request) {
        Map<List<String>, double[]> values = new HashMap<>();
        return () -> {
            if (values.isEmpty()) {
                values.putAll(
                        byVariant(
                                TrialValues.read(
                                        tables,
                                        request.metric(),
                                        request.experiment(),
                                        request.runs(),
                                        request.pool())));
            }
            return values;
        };
    }

    /**
     * The comparisons of the rows of a dataset's statistics over all runs.
     *
     * @param values the values of each experiment, host, configuration, variant and step, read when a
     *     test needs them
     * @param declared per experiment, the baseline it declares: used where the request names none
     *     and the data holds it
     */
    public static List<Comparison> of(
            List<VariantStats> stats,
            Supplier<Map<List<String>, double[]>> values,
            CompareRequest request,
            Map<String, Map<String, String>> declared) {
        Map<List<String>, Map<String, Arm>> groups = new LinkedHashMap<>();
        for (VariantStats s : stats) {
            if (s.n() == 0 || s.runId() != null || !s.metric().equals(request.metric())) {
                continue;
            }
            List<String> key = variantKey(s);
            add(
                    groups,
                    request,
                    s,
                    (label, factors) -> Arm.of(label, factors, s, () -> values.get().get(key)));
        }
        return compare(groups, request, declared);
    }

    /** The comparisons of {@code values}, as {@link #of(Path, CompareRequest)}. */
    public static List<Comparison> of(List<TrialValue> values, CompareRequest request) {
        Map<List<String>, Map<String, Arm>> groups = new LinkedHashMap<>();
        Map<List<String>, TrialValue> first = new LinkedHashMap<>();
        values.forEach(v -> first.putIfAbsent(variantKey(v), v));
        Map<List<String>, double[]> byVariant = byVariant(values);
        first.forEach(
                (key, v) ->
                        add(
                                groups,
                                request,
                                v,
                                (label, factors) -> Arm.of(label, factors, byVariant.get(key))));
        return compare(groups, request, Map.of());
    }

    /** A variant's arm in its group: its label and factors, or its host's with {@code --by host}. */
    private static void add(
            Map<List<String>, Map<String, Arm>> groups,
            CompareRequest request,
            VariantRow row,
            BiFunction<String, Map<String, String>, Arm> arm) {
        List<String> key =
                List.of(
                        row.experiment(),
                        request.byHost() ? row.variant() : row.host(),
                        row.step(),
                        row.configuration());
        String label = request.byHost() ? row.host() : row.variant();
        Map<String, String> factors = request.byHost() ? Map.of(HOST, row.host()) : row.factors();
        groups.computeIfAbsent(key, k -> new LinkedHashMap<>())
                .computeIfAbsent(label, l -> arm.apply(l, factors));
    }

    private static List<Comparison> compare(
            Map<List<String>, Map<String, Arm>> groups,
            CompareRequest request,
            Map<String, Map<String, String>> declared) {
        if (groups.isEmpty()) {
            return List.of();
        }
        boolean higher = Direction.higherIsBetter(request.metric());
        checkBaseline(groups, request.baseline(), request.byHost());
        List<Comparison> out = new ArrayList<>();
        groups.forEach(
                (key, arms) -> {
                    Map<String, String> baseline =
                            request.baseline().isEmpty()
                                    ? declared.getOrDefault(key.get(0), Map.of())
                                    : request.baseline();
                    List<Family> families =
                            baseline.isEmpty()
                                    ? List.of()
                                    : Family.against(arms.values(), baseline);
                    if (families.isEmpty() && request.baseline().isEmpty()) {
                        // none declared, or the declared one did not run here
                        families = Family.eachFactor(arms.values(), higher);
                    }
                    for (Family family : families) {
                        out.addAll(family.compare(key, request, higher));
                    }
                });
        return List.copyOf(out);
    }

    private static List<String> variantKey(VariantRow v) {
        return List.of(v.experiment(), v.host(), v.configuration(), v.variant(), v.step());
    }

    /** The values of each experiment, host, configuration, variant and step. */
    public static Map<List<String>, double[]> byVariant(List<TrialValue> values) {
        Map<List<String>, List<Double>> lists = new LinkedHashMap<>();
        values.forEach(
                v -> lists.computeIfAbsent(variantKey(v), k -> new ArrayList<>()).add(v.value()));
        Map<List<String>, double[]> out = new LinkedHashMap<>();
        lists.forEach((k, l) -> out.put(k, l.stream().mapToDouble(Double::doubleValue).toArray()));
        return out;
    }

    /**
     * Every key of the baseline is a factor, and every value one of its levels, somewhere (by host: the
     * baseline host is one of the hosts compared).
     */
    private static void checkBaseline(
            Map<List<String>, Map<String, Arm>> groups,
            Map<String, String> baseline,
            boolean byHost) {
        Map<String, Set<String>> levels = new LinkedHashMap<>();
        for (Map<String, Arm> arms : groups.values()) {
            for (Arm arm : arms.values()) {
                arm.factors()
                        .forEach(
                                (f, v) ->
                                        levels.computeIfAbsent(f, x -> new LinkedHashSet<>())
                                                .add(v));
            }
        }
        baseline.forEach(
                (factor, value) -> {
                    Set<String> known = levels.get(factor);
                    if (byHost
                            && factor.equals(HOST)
                            && (known == null || !known.contains(value))) {
                        throw new BadInputException(
                                "--baseline-host "
                                        + value
                                        + ": no such host among the trials compared; the hosts are: "
                                        + (known == null ? "none" : String.join(", ", known)));
                    }
                    if (known == null || !known.contains(value)) {
                        throw new BadInputException(
                                "--baseline "
                                        + factor
                                        + "="
                                        + value
                                        + (known == null
                                                ? ": no factor '" + factor + "'"
                                                : ": no variant with " + factor + "=" + value)
                                        + "; the factors and their values are: "
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
            arms.forEach(a -> factors.addAll(a.factors().keySet()));
            List<Family> families = new ArrayList<>();
            FactorSlices variants = FactorSlices.among(arms.stream().map(Arm::factors).toList());
            for (String factor : factors) {
                Map<Map<String, String>, List<Arm>> slices = new LinkedHashMap<>();
                for (Arm arm : arms) {
                    if (arm.factors().containsKey(factor)) {
                        slices.computeIfAbsent(
                                        variants.key(arm.factors(), factor), s -> new ArrayList<>())
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
                Map<String, String> wanted = new LinkedHashMap<>(arm.factors());
                baseline.forEach(
                        (f, v) -> {
                            if (wanted.containsKey(f)) {
                                wanted.put(f, v);
                            }
                        });
                if (wanted.equals(arm.factors())) {
                    continue;
                }
                arms.stream()
                        .filter(b -> b.factors().equals(wanted))
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
                        Map<String, String> fixed = new LinkedHashMap<>(b.factors());
                        baseline.keySet().forEach(fixed::remove);
                        families.add(
                                new Family(String.join(",", baseline.keySet()), b, others, fixed));
                    });
            return families;
        }

        List<Comparison> compare(List<String> key, CompareRequest request, boolean higher) {
            List<Pair> pairs = others.stream().map(o -> Pair.of(o, baseline)).toList();
            double[] adjusted = Holm.adjust(pairs.stream().map(Pair::p).toList());
            List<Comparison> out = new ArrayList<>();
            for (int i = 0; i < others.size(); i++) {
                Pair pair = pairs.get(i);
                Double p = Double.isNaN(adjusted[i]) ? null : adjusted[i];
                out.add(
                        new Comparison(
                                key.get(0),
                                request.byHost() ? others.get(i).label() : key.get(1),
                                key.get(3),
                                key.get(2),
                                request.metric(),
                                higher,
                                request.byHost() ? key.get(1) : others.get(i).label(),
                                baseline.label(),
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
                                Verdict.of(pair, p, higher, request.metric()),
                                null));
            }
            return out;
        }
    }
}
