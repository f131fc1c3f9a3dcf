package storagebench.compare;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Holm's step-down correction of p-values for several variants compared with one baseline: the
 * i-th smallest of m p-values is multiplied by m − i (from 0), kept at least as large as the one
 * before it, and capped at 1. A missing p-value stays missing and does not count in m.
 */
final class Holm {
    private Holm() {}

    static double[] adjust(List<Double> p) {
        double[] adjusted = new double[p.size()];
        Arrays.fill(adjusted, Double.NaN);
        int[] order =
                IntStream.range(0, p.size())
                        .filter(i -> p.get(i) != null)
                        .boxed()
                        .sorted(Comparator.comparingDouble(p::get))
                        .mapToInt(Integer::intValue)
                        .toArray();
        double previous = 0;
        for (int rank = 0; rank < order.length; rank++) {
            double value = Math.min(1, (order.length - rank) * p.get(order[rank]));
            previous = Math.max(previous, value);
            adjusted[order[rank]] = previous;
        }
        return adjusted;
    }
}
