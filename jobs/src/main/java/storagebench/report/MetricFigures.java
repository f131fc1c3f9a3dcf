package storagebench.report;

import java.util.Collection;
import java.util.Objects;
import java.util.function.DoubleFunction;

/**
 * How the figures of one metric are written for people, as the text report writes them: durations
 * in the one unit its table would use for them (the largest in which the largest is at least 10),
 * with the unit; other metrics as the headline tables write them, their unit in their name.
 */
public final class MetricFigures {
    private MetricFigures() {}

    /** A writer of {@code metric}'s values, its unit chosen for all of {@code values}. */
    public static DoubleFunction<String> of(String metric, Collection<Double> values) {
        if (!VariantStats.DURATION.equals(metric)) {
            return HeadlineTable::number;
        }
        DurationUnit unit =
                DurationUnit.forLargest(
                        values.stream()
                                .filter(Objects::nonNull)
                                .mapToDouble(Double::doubleValue)
                                .max()
                                .orElse(0));
        return seconds -> unit.format(seconds) + " " + unit.symbol();
    }
}
