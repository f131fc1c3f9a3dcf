package storagebench.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** One side of a comparison: a variant (or a host) in one experiment, host and step, and its values. */
final class Arm {
    final String label;
    final Map<String, String> factors;
    final List<Double> values = new ArrayList<>();

    Arm(String label, Map<String, String> factors) {
        this.label = label;
        this.factors = factors;
    }

    double[] values() {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    double mean() {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }
}
