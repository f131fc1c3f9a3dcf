package storagebench.experiment;

import java.util.Locale;

/** The order trials run in. */
public enum Order {
    /** A B C A B C …: drift of a shared machine spreads over all variants (the default). */
    INTERLEAVED,
    /** Shuffled with a recorded seed. */
    RANDOM,
    /** A A A B B B …: as the seeds ran by hand. */
    SEQUENTIAL;

    public String yamlName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
