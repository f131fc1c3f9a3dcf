package storagebench.report;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The summary as people read it, after a run and from {@code report}: the factors every variant of an
 * experiment shares, once ({@link SharedFactors}: each variant is then named by what tells it apart),
 * a table of durations for the steps their duration measures, then a table per headline metric. A
 * step that a headline metric measures (file-io's IOPS over a fixed run time, an oltp run's NOPM, a
 * pgbench log's one-second intervals) is in that metric's tables only, with its failed and warm-up
 * trials: its duration is the length it was set to run, which answers nothing. A variant none of
 * whose trials has the metric keeps its duration row, so that its failures still show.
 */
public final class SummaryText {
    private SummaryText() {}

    /** The summary of {@code stats}, as aligned text or, where {@code markdown}, as Markdown tables. */
    public static String render(List<VariantStats> stats, boolean markdown) {
        List<SummaryRow> rows = Report.summary(stats);
        Set<String> measured = HeadlineTable.measured(stats);
        List<SummaryRow> durations =
                rows.stream().filter(r -> !measured.contains(HeadlineTable.key(r))).toList();
        Map<String, SummaryRow> counts =
                rows.stream()
                        .collect(
                                Collectors.toMap(
                                        HeadlineTable::key, Function.identity(), (a, b) -> a));
        SharedFactors shared = SharedFactors.among(rows);
        String above = shared.lines(markdown);
        String headlines = HeadlineTable.renderAll(stats, counts, markdown, shared);
        if (durations.isEmpty()) {
            // the first table's own blank line above it is the caller's, or the shared factors'
            return above.isEmpty() && headlines.startsWith("\n")
                    ? headlines.substring(1)
                    : above + headlines;
        }
        return (above.isEmpty() ? "" : above + "\n")
                + TextTable.render(durations, markdown, shared)
                + headlines;
    }
}
