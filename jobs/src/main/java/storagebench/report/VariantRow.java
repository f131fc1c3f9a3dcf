package storagebench.report;

import java.util.Map;

/**
 * A row of one variant in one experiment, host, fixed configuration and step: what {@link
 * VariantStats} and {@link TrialValue} both carry, and what comparisons group their rows by.
 */
public interface VariantRow {
    String experiment();

    String host();

    /** The label of the fixed configuration among the experiment's; empty where it ran one. */
    String configuration();

    String variant();

    /** The variant's factor values, in the plan's order. */
    Map<String, String> factors();

    String step();
}
