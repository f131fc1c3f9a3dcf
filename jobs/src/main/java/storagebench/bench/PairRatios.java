package storagebench.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.statistics.descriptive.Median;
import org.apache.commons.statistics.descriptive.Quantile;

/**
 * The ratios of a comparison's pairs ({@link Abba}), each of two measurements taken back to back:
 * their median and range, with the load average before and after the pairs.
 *
 * @param ratios each pair's ratio, in the order run
 * @param orders each pair's order, "AB" or "BA"
 * @param loadBefore the one-minute load average before the pairs (-1 where unknown)
 * @param loadAfter and after them
 */
record PairRatios(double[] ratios, List<String> orders, double loadBefore, double loadAfter) {
    PairRatios {
        if (ratios.length == 0 || ratios.length != orders.size()) {
            throw new IllegalArgumentException(
                    ratios.length + " ratio(s) and " + orders.size() + " order(s)");
        }
        ratios = ratios.clone();
        orders = List.copyOf(orders);
    }

    double median() {
        return median(ratios);
    }

    double min() {
        return Arrays.stream(ratios).min().orElseThrow();
    }

    double max() {
        return Arrays.stream(ratios).max().orElseThrow();
    }

    /**
     * One line: {@code label: median 1.02 (range 0.98 to 1.05) over 5 ABBA pairs, each 1.01 (AB)
     * 0.98 (BA) …; load average 1.50 before, 2.25 after}.
     */
    String summary(String label) {
        List<String> each = new ArrayList<>(ratios.length);
        for (int i = 0; i < ratios.length; i++) {
            each.add(String.format(Locale.ROOT, "%.3f (%s)", ratios[i], orders.get(i)));
        }
        return String.format(
                Locale.ROOT,
                "%s: median %.3f (range %.3f to %.3f) over %d ABBA pairs, each %s; load average %.2f"
                        + " before, %.2f after",
                label,
                median(),
                min(),
                max(),
                ratios.length,
                String.join(" ", each),
                loadBefore,
                loadAfter);
    }

    /** The median of {@code values} (left as they are). */
    static double median(double[] values) {
        return Median.withDefaults().withCopy(true).evaluate(values);
    }

    static double median(List<? extends Number> values) {
        return median(values.stream().mapToDouble(Number::doubleValue).toArray());
    }

    /** The {@code p} quantile of {@code values} (left as they are), Commons Statistics' default method. */
    static double quantile(List<? extends Number> values, double p) {
        return Quantile.withDefaults()
                .withCopy(true)
                .evaluate(values.stream().mapToDouble(Number::doubleValue).toArray(), p);
    }
}
