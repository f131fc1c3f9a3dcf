package storagebench.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleFunction;
import storagebench.report.HostFigure;

/**
 * The line under a verdict that says why: of the host figures both arms have (from their host samples
 * over the measured phases), the two that differ most by standardised effect, with their medians
 * ("CPU frequency 1.20 vs 3.40 GHz, vda utilisation 98% vs 41%"), or that none differs beyond noise.
 *
 * <p>A figure differs beyond noise when its standardised effect (the difference of the means over the
 * root of the mean of the two variances, intervals as the observations) is at least {@value #EFFECT},
 * and the means differ by at least {@value #RELATIVE} of the larger and by at least the figure's own
 * floor (2 points of a share, 50 MHz, 10 IOPS…), so that an idle device's 1 against 3 IOPS is not a
 * mechanism.
 */
public final class Mechanism {
    /** The smallest standardised effect named: Cohen's large. */
    static final double EFFECT = 0.8;

    /** The smallest difference of the means named, as a share of the larger. */
    static final double RELATIVE = 0.05;

    /** The line when every figure both arms have is within noise. */
    public static final String NONE = "no host figure or wait differs beyond noise";

    /** The key of a variant's figures over every step (no step is named so: it holds a NUL). */
    private static final String ALL_STEPS = "\0all";

    private static final List<Kind> KINDS =
            List.of(
                    new Kind("cpu", "busy", "CPU utilisation", Mechanism::percent, "", 0.02),
                    new Kind(
                            "cpu", "freq_mhz", "CPU frequency", v -> fixed(v / 1e3, 2), " GHz", 50),
                    new Kind("cpu", "iowait", "iowait", Mechanism::percent, "", 0.02),
                    new Kind("cpu", "steal", "steal", Mechanism::percent, "", 0.02),
                    new Kind(
                            "memory",
                            "dirty_bytes",
                            "dirty memory",
                            v -> fixed(v / (1 << 20), 0),
                            " MiB",
                            16 << 20),
                    new Kind(
                            "memory",
                            "swap_used_bytes",
                            "swap used",
                            v -> fixed(v / (1 << 20), 0),
                            " MiB",
                            16 << 20),
                    new Kind("pressure", "cpu_some", "CPU pressure", Mechanism::percent, "", 0.02),
                    new Kind("pressure", "io_some", "IO pressure", Mechanism::percent, "", 0.02),
                    new Kind(
                            "pressure",
                            "memory_some",
                            "memory pressure",
                            Mechanism::percent,
                            "",
                            0.02),
                    new Kind("device", "iops", "%s IOPS", v -> fixed(v, 0), "", 10),
                    new Kind("device", "mb_per_s", "%s throughput", v -> fixed(v, 1), " MiB/s", 1),
                    new Kind("device", "await_ms", "%s await", Mechanism::significant, " ms", 0.1),
                    new Kind("device", "util", "%s utilisation", Mechanism::percent, "", 0.02),
                    new Kind("process", "cpu", "%s CPU", v -> fixed(v, 2), " cores", 0.05),
                    new Kind("wait", "share", "wait %s", Mechanism::percent, "", 0.05));

    private Mechanism() {}

    /**
     * The line for one arm's figures against another's: the two that differ most beyond noise, the
     * arm's median first; {@link #NONE} when none does; null when either arm has no figure the line may
     * name.
     */
    public static String of(List<HostFigure> arm, List<HostFigure> baseline) {
        Map<List<String>, HostFigure> other = new LinkedHashMap<>();
        baseline.forEach(f -> other.put(key(f), f));
        List<Difference> differences = new ArrayList<>();
        boolean shared = false;
        for (HostFigure a : arm) {
            HostFigure b = other.get(key(a));
            Kind kind = kind(a);
            if (b == null || kind == null || a.n() < 2 || b.n() < 2) {
                continue;
            }
            shared = true;
            double effect = effect(a, b);
            double gap = Math.abs(a.mean() - b.mean());
            double larger = Math.max(Math.abs(a.mean()), Math.abs(b.mean()));
            if (effect >= EFFECT && gap >= kind.floor() && gap >= RELATIVE * larger) {
                differences.add(new Difference(kind, a, b, effect));
            }
        }
        if (!shared) {
            return null;
        }
        if (differences.isEmpty()) {
            return NONE;
        }
        return String.join(
                ", ",
                differences.stream()
                        .sorted(Comparator.comparingDouble(Difference::effect).reversed())
                        .limit(2)
                        .map(Difference::text)
                        .toList());
    }

    /**
     * {@code comparisons} each with the line for its two arms, from the figures of the dataset's host
     * samples: the arms' figures of the compared step, or of all their steps where an arm has none
     * of that step (a host log imported beside the results is a trial of its own).
     *
     * @param byHost whether the arms are hosts (the baseline names a host) rather than variants
     */
    public static List<Comparison> explain(
            List<Comparison> comparisons, List<HostFigure> figures, boolean byHost) {
        if (figures.isEmpty()) {
            return comparisons;
        }
        Map<List<String>, List<HostFigure>> byArm = byArm(figures);
        List<Comparison> out = new ArrayList<>();
        for (Comparison c : comparisons) {
            List<HostFigure> arm = figures(byArm, c.experiment(), c.host(), c.variant(), c.step());
            List<HostFigure> baseline =
                    byHost
                            ? figures(byArm, c.experiment(), c.baseline(), c.variant(), c.step())
                            : figures(byArm, c.experiment(), c.host(), c.baseline(), c.step());
            out.add(c.withMechanism(of(arm, baseline)));
        }
        return List.copyOf(out);
    }

    /**
     * Of {@code figures}, those of one arm: its variant's of {@code step}, or of all its steps where
     * it has none of that step.
     */
    public static List<HostFigure> arm(
            List<HostFigure> figures, String experiment, String host, String variant, String step) {
        return figures(byArm(figures), experiment, host, variant, step);
    }

    /** The figures by arm: experiment, host, variant and step (or every step). */
    private static Map<List<String>, List<HostFigure>> byArm(List<HostFigure> figures) {
        Map<List<String>, List<HostFigure>> byArm = new LinkedHashMap<>();
        for (HostFigure f : figures) {
            byArm.computeIfAbsent(
                            List.of(
                                    f.experiment(),
                                    f.host(),
                                    f.variant(),
                                    f.step() == null ? ALL_STEPS : f.step()),
                            k -> new ArrayList<>())
                    .add(f);
        }
        return byArm;
    }

    private static List<HostFigure> figures(
            Map<List<String>, List<HostFigure>> byArm,
            String experiment,
            String host,
            String variant,
            String step) {
        List<HostFigure> own = byArm.get(List.of(experiment, host, variant, step));
        return own != null
                ? own
                : byArm.getOrDefault(List.of(experiment, host, variant, ALL_STEPS), List.of());
    }

    /** |difference of the means| over the root of the mean variance: infinite where neither varies. */
    static double effect(HostFigure a, HostFigure b) {
        double gap = Math.abs(a.mean() - b.mean());
        double sd = Math.sqrt((a.variance() + b.variance()) / 2);
        if (sd == 0) {
            return gap == 0 ? 0 : Double.POSITIVE_INFINITY;
        }
        return gap / sd;
    }

    private static List<String> key(HostFigure f) {
        return List.of(f.source(), f.name(), f.figure());
    }

    private static Kind kind(HostFigure f) {
        for (Kind k : KINDS) {
            if (k.source().equals(f.source()) && k.figure().equals(f.figure())) {
                return k;
            }
        }
        return null;
    }

    private static String percent(double share) {
        double p = share * 100;
        return (Math.abs(p) >= 10 ? fixed(p, 0) : fixed(p, 1)) + "%";
    }

    private static String significant(double v) {
        return Math.abs(v) >= 10 ? fixed(v, 0) : Math.abs(v) >= 1 ? fixed(v, 1) : fixed(v, 2);
    }

    private static String fixed(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** A figure the line may name: its label ({@code %s} the device or process), format and floor. */
    private record Kind(
            String source,
            String figure,
            String label,
            DoubleFunction<String> format,
            String unit,
            double floor) {}

    private record Difference(Kind kind, HostFigure arm, HostFigure baseline, double effect) {
        String text() {
            String label =
                    kind.label().contains("%s")
                            ? String.format(Locale.ROOT, kind.label(), arm.name())
                            : kind.label();
            return label
                    + " "
                    + kind.format().apply(arm.median())
                    + " vs "
                    + kind.format().apply(baseline.median())
                    + kind.unit();
        }
    }
}
