package storagebench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The means of a metric per experiment, host, variant and step, for the text report: the figures that
 * answer a workload where its duration does not (file-io's IOPS under a fixed run time).
 */
public final class HeadlineTable {
    private HeadlineTable() {}

    /**
     * @param metric the metric's name, shown in the heading
     * @param higherIsBetter which way is better, shown in the heading
     * @return the table, or empty text when no trial has the metric
     */
    public static String render(String metric, boolean higherIsBetter, List<TrialValue> values) {
        Map<List<String>, double[]> sums = new LinkedHashMap<>();
        for (TrialValue v : values) {
            double[] s =
                    sums.computeIfAbsent(
                            List.of(v.experiment(), v.host(), v.variant(), v.step()),
                            k -> new double[2]);
            s[0] += v.value();
            s[1]++;
        }
        if (sums.isEmpty()) {
            return "";
        }
        List<String[]> lines = new ArrayList<>();
        lines.add(new String[] {"experiment", "host", "variant", "step", "n", "mean"});
        sums.forEach(
                (k, s) ->
                        lines.add(
                                new String[] {
                                    TextTable.escape(k.get(0)),
                                    TextTable.escape(k.get(1)),
                                    TextTable.escape(k.get(2)),
                                    TextTable.escape(k.get(3)),
                                    String.valueOf((long) s[1]),
                                    String.format(Locale.ROOT, "%.6g", s[0] / s[1])
                                }));
        return "\n"
                + metric
                + (higherIsBetter ? " (higher is better)" : " (lower is better)")
                + "\n"
                + TextTable.aligned(lines, 4);
    }
}
