package storagebench.compare;

import java.util.Arrays;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.commons.statistics.descriptive.DoubleStatistics;
import org.apache.commons.statistics.descriptive.Median;
import org.apache.commons.statistics.descriptive.Statistic;
import storagebench.report.VariantStats;

/**
 * One side of a comparison: a variant (or a host) in one experiment, host and step, by its summary
 * statistics, and its values where a test needs them (the Mann–Whitney test, where a value is not
 * positive): read only then.
 *
 * @param logMean the mean of the values' natural logs, or NaN where a value is not positive
 * @param logVariance their sample variance, likewise (and NaN with one value)
 */
record Arm(
        String label,
        Map<String, String> factors,
        long n,
        double mean,
        double variance,
        double median,
        double logMean,
        double logVariance,
        boolean positive,
        Supplier<double[]> values) {

    /** The arm of one row of the dataset's statistics. */
    static Arm of(
            String label, Map<String, String> factors, VariantStats s, Supplier<double[]> values) {
        return new Arm(
                label,
                factors,
                s.n(),
                orNaN(s.mean()),
                orNaN(s.variance()),
                orNaN(s.median()),
                s.positive() ? orNaN(s.logMean()) : Double.NaN,
                s.positive() ? orNaN(s.logVariance()) : Double.NaN,
                s.positive(),
                values);
    }

    /** The arm of values at hand, its statistics computed here. */
    static Arm of(String label, Map<String, String> factors, double[] values) {
        DoubleStatistics.Builder builder =
                DoubleStatistics.builder(Statistic.MEAN, Statistic.VARIANCE);
        DoubleStatistics plain = builder.build(values);
        boolean positive = Arrays.stream(values).allMatch(v -> v > 0);
        DoubleStatistics logs =
                positive ? builder.build(Arrays.stream(values).map(Math::log).toArray()) : null;
        return new Arm(
                label,
                factors,
                values.length,
                plain.getAsDouble(Statistic.MEAN),
                values.length < 2 ? Double.NaN : plain.getAsDouble(Statistic.VARIANCE),
                Median.withDefaults().evaluate(values.clone()),
                logs == null ? Double.NaN : logs.getAsDouble(Statistic.MEAN),
                logs == null || values.length < 2
                        ? Double.NaN
                        : logs.getAsDouble(Statistic.VARIANCE),
                positive,
                values::clone);
    }

    private static double orNaN(Double value) {
        return value == null ? Double.NaN : value;
    }
}
