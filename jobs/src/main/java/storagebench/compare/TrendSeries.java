package storagebench.compare;

import java.util.List;
import java.util.Map;

/**
 * One series of {@link Trends} before it is judged.
 *
 * @param runs each run's mean, oldest first
 * @param since the first run of the latest run's fixed configuration since it last changed
 * @param trials each run's trial values, by run id
 * @param higher whether a larger value is better
 */
record TrendSeries(
        List<Trend.RunMean> runs, int since, Map<String, double[]> trials, boolean higher) {
    Trend.RunMean latest() {
        return runs.get(runs.size() - 1);
    }

    /** Where the verdict names the configuration: {@code  of its configuration (rows=10)}, or empty. */
    String ofConfiguration() {
        return since > 0 ? " of its configuration (" + latest().configuration() + ")" : "";
    }

    /** The verdict of a series whose latest run is the first of a new configuration, or of one run. */
    String nothingYet() {
        return since > 0
                ? "the configuration changed at the latest run ("
                        + latest().configuration()
                        + "; before: "
                        + runs.get(since - 1).configuration()
                        + "): a new series, nothing to judge against yet"
                : "one run: nothing to judge against yet";
    }
}
