package storagebench.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How far apart an experiment's hosts are, from {@code compare --by host}'s comparisons (each host
 * against the best one, per variant): for each variant, the worst host against the best, as a
 * sentence naming both with compare's verdict.
 */
public final class HostSpread {
    private HostSpread() {}

    /**
     * Of each experiment, step, metric, variant and configuration, the comparison of the host furthest
     * from the best one: the largest ratio where lower is better, the smallest where higher is.
     */
    public static List<Comparison> widest(List<Comparison> byHost) {
        Map<List<String>, Comparison> widest = new LinkedHashMap<>();
        for (Comparison c : byHost) {
            if (c.ratioOfMeans() == null) {
                continue;
            }
            List<String> key =
                    List.of(c.experiment(), c.step(), c.metric(), c.variant(), c.configuration());
            Comparison kept = widest.get(key);
            if (kept == null || further(c, kept)) {
                widest.put(key, c);
            }
        }
        return new ArrayList<>(widest.values());
    }

    private static boolean further(Comparison c, Comparison than) {
        return c.higherIsBetter()
                ? c.ratioOfMeans() < than.ratioOfMeans()
                : c.ratioOfMeans() > than.ratioOfMeans();
    }

    /**
     * The worst and best host and compare's verdict of the one against the other: {@code slowest host
     * server, fastest workstation: server is slower than workstation by ×1.85 [×1.79, ×1.91], p <
     * 0.001, at ifi=off}.
     */
    public static String sentence(Comparison c) {
        String which =
                c.higherIsBetter()
                        ? "lowest "
                                + c.metric()
                                + " on "
                                + c.host()
                                + ", highest on "
                                + c.baseline()
                        : "slowest host " + c.host() + ", fastest " + c.baseline();
        return which + ": " + VerdictSentence.ofHosts(c);
    }
}
