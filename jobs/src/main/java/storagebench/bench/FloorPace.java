package storagebench.bench;

import java.util.Locale;

/**
 * How the floor's transactions in {@code bench harness} follow each other: {@link #PACED}, each after a
 * run of {@code true} (not timed), as a trial's transaction follows its measured phase; or {@link
 * #BACK_TO_BACK}.
 */
public enum FloorPace {
    PACED,
    BACK_TO_BACK;

    /** As named on the command line: {@code paced}, {@code back-to-back}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
